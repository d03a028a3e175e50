import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { entityId } from '../../../core/schema/common.ts';
import type { ResourceContract } from '../../../core/schema/resource.ts';
import { checkOrg, WEBSITE, WRITERS } from '../../auth/access.ts';
import type { AppContext } from '../../context.ts';
import { route } from '../../http/route.ts';
import { findVehicle } from '../vehicles/find-vehicle.ts';
import { createRecord, listVehicleRecords, updateRecord, type VehicleRecordKind } from './records.ts';

/** The path parameters of a pattern, each checked as an id (an organization id as the organization path allows). */
export function paramsOf(pattern: string) {
  const names = [...pattern.matchAll(/:(\w+)/g)].map((m) => m[1]!);
  return z.object(Object.fromEntries(names.map((name) => [name, name === 'orgId' ? z.string().min(1).max(64) : entityId])));
}

/**
 * The three calls of a vehicle record kept under its vehicle (part 1 §7 "Washes", "Maintenance"): GET
 * and POST on the contract's list path (/vehicles/{vehicleId}/...), PATCH on its item path, which names
 * the vehicle or the organization (/organizations/{orgId}/mx/pmi/{pmiId}). The API fuzz test expands a
 * call of this function into these three routes (tests/support/fuzz-routes.ts).
 */
export function registerVehicleRecordRoutes<Api, Create, Update>(
  app: FastifyInstance,
  ctx: AppContext,
  contract: ResourceContract,
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each kind's own table
  kind: VehicleRecordKind<any, Api, Create, Update>,
): void {
  const { paths, key } = contract;
  if (!paths.item) throw new Error(`${contract.feed}: a vehicle record needs an item path`);
  const vehicle = z.object({ vehicleId: entityId });

  route(app, { method: 'GET', url: paths.list.pattern, access: WEBSITE, params: vehicle }, async ({ principal, params }) =>
    listVehicleRecords(ctx.db, kind, principal.orgId, params.vehicleId),
  );

  route(
    app,
    { method: 'POST', url: paths.list.pattern, access: WRITERS, params: vehicle, body: contract.createBody as z.ZodType<Create> },
    async ({ principal, params, body, write, reply }) => {
      const id = (body as Record<string, unknown>)[key] as string | undefined;
      const created = await createRecord(write, principal, kind, (q) => findVehicle(q, principal.orgId, params.vehicleId), id, body);
      reply.status(201);
      return created;
    },
  );

  route(
    app,
    { method: 'PATCH', url: paths.item.pattern, access: WRITERS, params: paramsOf(paths.item.pattern), body: contract.updateBody as z.ZodType<Update> },
    async ({ principal, params, body, write }) => {
      const { orgId, vehicleId, [key]: id } = params as Record<string, string | undefined>;
      if (orgId !== undefined) checkOrg(principal, orgId);
      return updateRecord(write, principal, kind, { id: id!, ...(vehicleId !== undefined ? { vehicleId } : {}) }, body);
    },
  );
}
