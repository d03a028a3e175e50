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
import { commissionBodySchema, createVehicleBodySchema, updateVehicleBodySchema, vehicleRefSchema } from '../../../core/schema/vehicle.ts';
import { HttpError, zodErrorBody } from '../../http/errors.ts';
import { findVehicle } from './find-vehicle.ts';
import { fleetRows } from './fleet.ts';
import { listVehicles, vehicleWorkflow } from './queries.ts';
import { createVehicle, createVehicles, setDecommissioned } from './service.ts';
import { updateVehicle } from './update.ts';

const params = z.object({ vehicleId: entityId });
/** Update, decommission and recommission name the vehicle by id or by registration (part 1 §7; find-vehicle.ts findVehicleByRef). */
const refParams = z.object({ vehicleId: vehicleRefSchema });
const bulkQuery = z.object({
  showArchives: z
    .enum(['true', 'false'], { error: 'showArchives is true or false' })
    .optional()
    .transform((v) => v === 'true'),
});

/** A single vehicle's body, refused as the route refuses any body: the first problem up front, each in `errors`. */
function oneVehicle(body: unknown) {
  const result = createVehicleBodySchema.safeParse(body);
  if (result.success) return result.data;
  const refusal = zodErrorBody(result.error);
  throw new HttpError(400, refusal.errorMessage, { errors: refusal.errors });
}

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

  // One vehicle (part 1 §7; the app's outbox sends these, queued ones included) answers the vehicle; an
  // array (part 2 §7) answers the vehicles in order, checked one by one so a refusal names each bad one.
  route(app, { method: 'POST', url: '/data/v1/vehicles', access: WRITERS, body: z.unknown() }, async ({ principal, body, write, reply }) => {
    const created = Array.isArray(body) ? await createVehicles(write, principal, body) : await createVehicle(write, principal, oneVehicle(body));
    reply.status(201);
    return created;
  });

  route(
    app,
    { method: 'PATCH', url: '/data/v2/vehicles/:vehicleId', access: WRITERS, params: refParams, body: updateVehicleBodySchema },
    async ({ principal, params, body, write }) => updateVehicle(write, principal, params.vehicleId, body),
  );

  route(app, { method: 'DELETE', url: '/data/v1/vehicles/:vehicleId', access: WRITERS, params: refParams }, async ({ principal, params, write }) =>
    setDecommissioned(write, principal, params.vehicleId, true),
  );

  route(
    app,
    { method: 'PATCH', url: '/data/v1/vehicles/:vehicleId', access: WRITERS, params: refParams, body: commissionBodySchema },
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
