import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { route } from '../../http/route.ts';
import { WEBSITE, WRITERS } from '../../auth/access.ts';
import { createVehicleTypeBodySchema } from '../../../core/schema/vehicle.ts';
import { vehicleTypes } from '../../db/schema/index.ts';
import type { ServerModule } from '../module.ts';
import { vehicleTypeToApi } from './presenter.ts';
import { createVehicleType, listVehicleTypeNames } from './service.ts';

/** The organization's vehicle types (part 1 §7 "Vehicles", part 2 §5 "Vehicle type name"). */
function registerVehicleTypeRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, { method: 'GET', url: '/data/v2/vehicles/types', access: WEBSITE }, async ({ principal }) => listVehicleTypeNames(ctx.db, principal.orgId));

  route(app, { method: 'POST', url: '/data/v2/vehicles/types', access: WRITERS, body: createVehicleTypeBodySchema }, async ({ principal, body, write, reply }) => {
    const created = await createVehicleType(write, principal, body);
    reply.status(201);
    return created;
  });
}

export const vehicleTypesModule: ServerModule = {
  feeds: [{ name: 'vehicleTypes', table: vehicleTypes, toApi: vehicleTypeToApi }],
  register: registerVehicleTypeRoutes,
};
