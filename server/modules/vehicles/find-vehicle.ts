import { and, eq, isNull } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { vehicles } from '../../db/schema/index.ts';
import { notFound } from '../../http/errors.ts';

export type VehicleRow = typeof vehicles.$inferSelect;

/** A vehicle of the caller's organization by id; another organization's vehicle is "not found". */
export async function findVehicle(q: Queryable, orgId: string, vehicleId: string): Promise<VehicleRow> {
  const [row] = await q
    .select()
    .from(vehicles)
    .where(and(eq(vehicles.orgId, orgId), eq(vehicles.id, vehicleId), isNull(vehicles.deletedAt)));
  if (!row) throw notFound('No such vehicle in your organization');
  return row;
}
