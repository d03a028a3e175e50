import { ltiResource, pmiResource, scheduledMxResource } from '../../../core/schema/maintenance.ts';
import { ltis, pmis, scheduledMx } from '../../db/schema/index.ts';
import { resourceFeed } from '../../sync/sync-table.ts';
import { registerVehicleRecordRoutes } from '../vehicle-records/routes.ts';
import type { ServerModule } from '../module.ts';
import { ltiKind, pmiKind, scheduledMxKind } from './kinds.ts';
import { ltiToApi, pmiToApi, scheduledMxToApi } from './presenter.ts';

/** Scheduled maintenance, LTIs and PMIs of a vehicle (part 1 §2 Maintenance: Scheduled, LTI, PMI; §7 "Maintenance"). */
export const maintenanceModule: ServerModule = {
  feeds: [resourceFeed(scheduledMxResource, scheduledMx, scheduledMxToApi), resourceFeed(ltiResource, ltis, ltiToApi), resourceFeed(pmiResource, pmis, pmiToApi)],
  register(app, ctx) {
    registerVehicleRecordRoutes(app, ctx, scheduledMxResource, scheduledMxKind);
    registerVehicleRecordRoutes(app, ctx, ltiResource, ltiKind);
    registerVehicleRecordRoutes(app, ctx, pmiResource, pmiKind);
  },
};
