import { and, eq, isNull, or, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { vehicles } from '../../db/schema/index.ts';
import { conflict, notFound } from '../../http/errors.ts';
import { regNumberKey } from '../../../core/schema/registration.ts';

export type VehicleRow = typeof vehicles.$inferSelect;

export const NO_SUCH_VEHICLE_MESSAGE = 'No such vehicle in your organization';
export const ambiguousRegNumberMessage = (ref: string) =>
  `Registration number ${ref} names more than one vehicle in your organization (they differ only in case); name the vehicle by its id or its exact registration`;

/** A vehicle of the caller's organization by id; another organization's vehicle is "not found". */
export async function findVehicle(q: Queryable, orgId: string, vehicleId: string): Promise<VehicleRow> {
  const [row] = await q
    .select()
    .from(vehicles)
    .where(and(eq(vehicles.orgId, orgId), eq(vehicles.id, vehicleId), isNull(vehicles.deletedAt)));
  if (!row) throw notFound(NO_SUCH_VEHICLE_MESSAGE);
  return row;
}

/**
 * The vehicle a path names by id or by registration (part 1 §7: update, decommission and recommission
 * "by regNumber"), looked for in the caller's organization only: another organization's vehicle is
 * "not found", whichever way it is named.
 *
 * An id match wins over a registration: an id never changes hands, and a device-made id (21
 * characters) cannot be a registration (at most 15); only a seeded or legacy id could spell one. A
 * registration is matched trimmed and case-insensitively, as the uniqueness check compares them; should
 * two (older) vehicles differ only in case, the exact spelling decides, and without one the path is
 * refused (409) rather than guessed. Decommissioned vehicles are found (recommission needs them).
 */
export async function findVehicleByRef(q: Queryable, orgId: string, ref: string): Promise<VehicleRow> {
  const rows = await q
    .select()
    .from(vehicles)
    .where(and(eq(vehicles.orgId, orgId), isNull(vehicles.deletedAt), or(eq(vehicles.id, ref), sql`lower(${vehicles.regNumber}) = ${regNumberKey(ref)}`)));
  const byId = rows.find((r) => r.id === ref);
  if (byId) return byId;
  if (rows.length === 0) throw notFound(NO_SUCH_VEHICLE_MESSAGE);
  if (rows.length === 1) return rows[0]!;
  const exact = rows.filter((r) => r.regNumber === ref.trim());
  if (exact.length === 1) return exact[0]!;
  throw conflict(ambiguousRegNumberMessage(ref.trim()));
}
