import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { mutationOf } from '../../context.ts';
import { route } from '../../http/route.ts';
import { WEBSITE, WRITERS } from '../../auth/access.ts';
import { vehicleToApi } from '../../sync/entity-to-api.ts';
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

  route(
    app,
    { method: 'POST', url: '/data/v1/vehicles', access: WRITERS, body: createVehicleBodySchema },
    async ({ principal, body, request, reply }) => {
      const vehicle = await createVehicle(ctx, principal, body, mutationOf(request, principal));
      reply.status(201);
      return vehicle;
    },
  );

  route(
    app,
    { method: 'PATCH', url: '/data/v2/vehicles/:vehicleId', access: WRITERS, params, body: updateVehicleBodySchema },
    async ({ principal, params, body, request }) => updateVehicle(ctx, principal, params.vehicleId, body, mutationOf(request, principal)),
  );

  route(app, { method: 'DELETE', url: '/data/v1/vehicles/:vehicleId', access: WRITERS, params }, async ({ principal, params, request }) =>
    setDecommissioned(ctx, principal, params.vehicleId, true, mutationOf(request, principal)),
  );

  route(
    app,
    { method: 'PATCH', url: '/data/v1/vehicles/:vehicleId', access: WRITERS, params, body: commissionBodySchema },
    async ({ principal, params, body, request }) =>
      setDecommissioned(ctx, principal, params.vehicleId, body.decommissioned, mutationOf(request, principal)),
  );
}
