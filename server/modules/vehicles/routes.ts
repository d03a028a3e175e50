import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { route } from '../../http/route.ts';
import { compressedJson } from '../../http/compressed-json.ts';
import { INSPECTION_CLIENTS, WEBSITE, WRITERS } from '../../auth/access.ts';
import { vehicleManagement, vehicles, vehicleStatuses } from '../../db/schema/index.ts';
import type { ServerModule } from '../module.ts';
import { vehicleManagementToApi, vehicleStatusToApi, vehicleToApi } from './presenter.ts';
import { entityId } from '../../../core/schema/common.ts';
import { commissionBodySchema, createVehicleBodySchema, updateVehicleBodySchema } from '../../../core/schema/vehicle.ts';
import { findVehicle } from './find-vehicle.ts';
import { fleetRows } from './fleet.ts';
import { listVehicles, vehicleWorkflow } from './queries.ts';
import { createVehicle, setDecommissioned } from './service.ts';
import { updateVehicle } from './update.ts';

const params = z.object({ vehicleId: entityId });
const bulkQuery = z.object({
  showArchives: z
    .enum(['true', 'false'], { error: 'showArchives is true or false' })
    .optional()
    .transform((v) => v === 'true'),
});

/** Vehicles (part 1 §7 "Vehicles"): list, Fleet Details rows, details, creation, edits and commission. */
function registerVehicleRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, { method: 'GET', url: '/data/v2/vehicles', access: WEBSITE }, async ({ principal }) => listVehicles(ctx.db, principal.orgId));

  route(app, { method: 'GET', url: '/data/v2/fleet/bulk', access: WEBSITE, query: bulkQuery }, async ({ principal, query, request, reply }) =>
    compressedJson(request, reply, await fleetRows(ctx.db, ctx.syncTables, principal, query.showArchives)),
  );

  route(app, { method: 'GET', url: '/data/v1/vehicles/:vehicleId', access: WEBSITE, params }, async ({ principal, params }) =>
    vehicleToApi(await findVehicle(ctx.db, principal.orgId, params.vehicleId)),
  );

  // What an inspection of the vehicle asks: read by inspection clients, inspectors included.
  route(app, { method: 'GET', url: '/data/v1/vehicles/:vehicleId/workflow', access: INSPECTION_CLIENTS, params }, async ({ principal, params }) =>
    vehicleWorkflow(ctx.db, principal.orgId, params.vehicleId),
  );

  route(app, { method: 'POST', url: '/data/v1/vehicles', access: WRITERS, body: createVehicleBodySchema }, async ({ principal, body, write, reply }) => {
    const vehicle = await createVehicle(write, principal, body);
    reply.status(201);
    return vehicle;
  });

  route(
    app,
    { method: 'PATCH', url: '/data/v2/vehicles/:vehicleId', access: WRITERS, params, body: updateVehicleBodySchema },
    async ({ principal, params, body, write }) => updateVehicle(write, principal, params.vehicleId, body),
  );

  route(app, { method: 'DELETE', url: '/data/v1/vehicles/:vehicleId', access: WRITERS, params }, async ({ principal, params, write }) =>
    setDecommissioned(write, principal, params.vehicleId, true),
  );

  route(
    app,
    { method: 'PATCH', url: '/data/v1/vehicles/:vehicleId', access: WRITERS, params, body: commissionBodySchema },
    async ({ principal, params, body, write }) => setDecommissioned(write, principal, params.vehicleId, body.decommissioned),
  );
}

/** Vehicles and their feeds: the vehicle, its management history and its status history. */
export const vehiclesModule: ServerModule = {
  feeds: [
    { name: 'vehicles', table: vehicles, toApi: vehicleToApi },
    { name: 'vehicleManagement', table: vehicleManagement, toApi: vehicleManagementToApi },
    { name: 'vehicleStatuses', table: vehicleStatuses, toApi: vehicleStatusToApi },
  ],
  register: registerVehicleRoutes,
};
