import { nameKey } from '../../../core/rules/name-key.ts';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { nanoid } from 'nanoid';
import type { Queryable, Tx } from '../../db/client.ts';
import { vehicleTypes } from '../../db/schema/index.ts';
import type { RouteWrite } from '../../http/route.ts';
import type { Principal } from '../../auth/principal.ts';
import { conflict } from '../../http/errors.ts';
import { vehicleTypeToApi } from './presenter.ts';
import { VEHICLE_TYPE_EXISTS_MESSAGE, type VehicleType } from '../../../core/schema/vehicle.ts';

type VehicleTypeRow = typeof vehicleTypes.$inferSelect;

/** The organization's vehicle type names, sorted case-insensitively. */
export async function listVehicleTypeNames(q: Queryable, orgId: string): Promise<string[]> {
  const rows = await q
    .select({ name: vehicleTypes.name })
    .from(vehicleTypes)
    .where(and(eq(vehicleTypes.orgId, orgId), isNull(vehicleTypes.deletedAt)))
    .orderBy(asc(sql`lower(${vehicleTypes.name})`), asc(vehicleTypes.name));
  return rows.map((r) => r.name);
}

/** The organization's type of this name, compared case-insensitively (names are unique that way). */
export async function findVehicleType(q: Queryable, orgId: string, name: string): Promise<VehicleTypeRow | undefined> {
  const [row] = await q
    .select()
    .from(vehicleTypes)
    .where(and(eq(vehicleTypes.orgId, orgId), isNull(vehicleTypes.deletedAt), sql`lower(${vehicleTypes.name}) = ${nameKey(name)}`));
  return row;
}

/**
 * The stored spelling of a type the organization has, or a new type of that (validated) name written
 * with the caller's revision: a type typed new in a vehicle form is created with the vehicle.
 */
export async function ensureVehicleType(tx: Tx, orgId: string, rev: number, name: string): Promise<string> {
  const existing = await findVehicleType(tx, orgId, name);
  if (existing) return existing.name;
  await tx.insert(vehicleTypes).values({ id: nanoid(), orgId, rev, name });
  return name;
}

/** POST /data/v2/vehicles/types */
export async function createVehicleType(write: RouteWrite, p: Principal, body: { vehicleTypeId?: string | undefined; vehicleType: string }): Promise<VehicleType> {
  return write(async ({ tx, rev, now }) => {
    if (await findVehicleType(tx, p.orgId, body.vehicleType)) throw conflict(VEHICLE_TYPE_EXISTS_MESSAGE);
    const [row] = await tx
      .insert(vehicleTypes)
      .values({ id: body.vehicleTypeId ?? nanoid(), orgId: p.orgId, rev, name: body.vehicleType, createdAt: now, updatedAt: now })
      .onConflictDoNothing()
      .returning();
    if (!row) throw conflict('A vehicle type with this id exists already');
    return vehicleTypeToApi(row);
  });
}
