import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { route } from '../../http/route.ts';
import { WEBSITE, WRITERS } from '../../auth/access.ts';
import { vehicleToApi } from '../../sync/presenters/vehicle-and-inspection-presenters.ts';
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
export function registerVehicleRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, { method: 'GET', url: '/data/v2/vehicles', access: WEBSITE }, async ({ principal }) => listVehicles(ctx.db, principal.orgId));

  route(app, { method: 'GET', url: '/data/v2/fleet/bulk', access: WEBSITE, query: bulkQuery }, async ({ principal, query }) =>
    fleetRows(ctx.db, ctx.syncTables, principal, query.showArchives),
  );

  route(app, { method: 'GET', url: '/data/v1/vehicles/:vehicleId', access: WEBSITE, params }, async ({ principal, params }) =>
    vehicleToApi(await findVehicle(ctx.db, principal.orgId, params.vehicleId)),
  );

  route(app, { method: 'GET', url: '/data/v1/vehicles/:vehicleId/workflow', access: WEBSITE, params }, async ({ principal, params }) =>
    vehicleWorkflow(ctx.db, principal.orgId, params.vehicleId),
  );

  route(app, { method: 'POST', url: '/data/v1/vehicles', access: WRITERS, body: createVehicleBodySchema }, async ({ principal, body, mutation, reply }) => {
    const vehicle = await createVehicle(ctx, principal, body, mutation);
    reply.status(201);
    return vehicle;
  });

  route(
    app,
    { method: 'PATCH', url: '/data/v2/vehicles/:vehicleId', access: WRITERS, params, body: updateVehicleBodySchema },
    async ({ principal, params, body, mutation }) => updateVehicle(ctx, principal, params.vehicleId, body, mutation),
  );

  route(app, { method: 'DELETE', url: '/data/v1/vehicles/:vehicleId', access: WRITERS, params }, async ({ principal, params, mutation }) =>
    setDecommissioned(ctx, principal, params.vehicleId, true, mutation),
  );

  route(
    app,
    { method: 'PATCH', url: '/data/v1/vehicles/:vehicleId', access: WRITERS, params, body: commissionBodySchema },
    async ({ principal, params, body, mutation }) => setDecommissioned(ctx, principal, params.vehicleId, body.decommissioned, mutation),
  );
}
