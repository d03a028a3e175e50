import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { vehicles } from '../../db/schema/index.ts';
import { conflict, notFound } from '../../http/errors.ts';
import type { VehicleRow } from './find-vehicle.ts';
import { vehiclesByReg } from '../workflows/queries.ts';
import { regNumberHolder } from './queries.ts';

export const noVehicleWithRegNumber = (regNumber: string) => `No vehicle with registration number ${regNumber} in your organization`;

export const vehicleMeantGone = (regNumber: string) =>
  `The vehicle this was made for is no longer in your organization; registration number ${regNumber} now belongs to another vehicle, so nothing was changed`;

/**
 * The vehicle a write names by registration (a TDY, an assignment by registration). A registration
 * changes hands (a rename, a correction), an id never does: when the device sends the id of the
 * vehicle it meant, the write goes to that vehicle whatever its registration is now, and is refused
 * (409) only when that vehicle is gone and the registration names another one. Without an id (older
 * clients, the spec's API) the registration decides, as before.
 */
export async function vehicleMeant(q: Queryable, orgId: string, meant: { vehicleId?: string | undefined; regNumber: string }): Promise<VehicleRow> {
  if (meant.vehicleId !== undefined) {
    const [byId] = await q
      .select()
      .from(vehicles)
      .where(and(eq(vehicles.orgId, orgId), eq(vehicles.id, meant.vehicleId), isNull(vehicles.deletedAt)));
    if (byId) return byId;
  }
  const holder = await regNumberHolder(q, orgId, meant.regNumber);
  if (!holder) throw notFound(noVehicleWithRegNumber(meant.regNumber));
  if (meant.vehicleId !== undefined) throw conflict(vehicleMeantGone(meant.regNumber));
  return holder;
}

/** A vehicle named by registration, with the id the device meant where it sent one. */
export interface NamedVehicle {
  regNumber: string;
  vehicleId?: string | undefined;
}

/**
 * vehicleMeant for many (an assignment by registration): the vehicles found, and the registrations of
 * those found neither by id nor by registration. A vehicle meant by id that is gone while its
 * registration names another vehicle refuses the whole write (409).
 */
export async function vehiclesMeant(q: Queryable, orgId: string, named: readonly NamedVehicle[]): Promise<{ rows: VehicleRow[]; unknown: string[] }> {
  const ids = [...new Set(named.flatMap((n) => (n.vehicleId === undefined ? [] : [n.vehicleId])))];
  const byId = new Map(
    (ids.length === 0
      ? []
      : await q
          .select()
          .from(vehicles)
          .where(and(eq(vehicles.orgId, orgId), inArray(vehicles.id, ids), isNull(vehicles.deletedAt)))
    ).map((v) => [v.id, v]),
  );
  const rest = named.filter((n) => n.vehicleId === undefined || !byId.has(n.vehicleId));
  const byReg = await vehiclesByReg(
    q,
    orgId,
    rest.map((n) => n.regNumber),
  );
  const gone = rest.find((n) => n.vehicleId !== undefined && !byReg.unknown.includes(n.regNumber));
  if (gone) throw conflict(vehicleMeantGone(gone.regNumber));
  const rows = new Map([...byId.values(), ...byReg.rows].map((v) => [v.id, v]));
  return { rows: [...rows.values()], unknown: byReg.unknown };
}
