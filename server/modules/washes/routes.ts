import { washResource } from '../../../core/schema/wash.ts';
import { washes } from '../../db/schema/index.ts';
import { resourceFeed } from '../../sync/sync-table.ts';
import { registerVehicleRecordRoutes } from '../vehicle-records/routes.ts';
import type { ServerModule } from '../module.ts';
import { washToApi } from './presenter.ts';
import { washKind } from './kind.ts';

/** Washes of a vehicle (part 1 §7 "Washes"): GET and POST /wash, PATCH /wash/{washId}. */
export const washesModule: ServerModule = {
  feeds: [resourceFeed(washResource, washes, washToApi)],
  register(app, ctx) {
    registerVehicleRecordRoutes(app, ctx, washResource, washKind);
  },
};
