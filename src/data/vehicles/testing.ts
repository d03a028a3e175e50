import type { Vehicle } from '../../../core/schema/vehicle.ts';
import { vehicleRow } from '../../../core/testing/feed-rows.ts';
import type { MirrorDb } from '../../db/mirror.ts';
import { freshDb } from '../../sync/testing/fixtures.ts';

/** When the stored vehicle last changed, and when the change a test makes is made. */
export const OLD = '2026-01-01T00:00:00.000Z';
export const AT = '2026-03-01T10:00:00.000Z';

/**
 * Vehicle v1, AB-1234, a Truck of section s1 on workflow 7, as the mirror holds it unchanged since OLD:
 * management[0] and status[0] (valid) repeat the row's fields, as the server writes them, unless given.
 */
export function storedVehicle(overrides: Partial<Vehicle> = {}): Vehicle {
  const row = vehicleRow({ vehicleId: 'v1', regNumber: 'AB-1234', vehicleType: 'Truck', sectionId: 's1', workflowId: 7, lastModificationDate: OLD, ...overrides });
  const { sectionId, workflowId, vehicleType, wrm, eolDate, eticDate } = row;
  return {
    ...row,
    management: overrides.management ?? [{ sectionId, workflowId, vehicleType, wrm, eolDate, eticDate, validFrom: OLD }],
    status: overrides.status ?? [{ status: 'valid', eticDate, validFrom: OLD, userId: null }],
  };
}

/** A mirror of its own holding the vehicle. */
export async function mirrorWith(vehicle: Vehicle): Promise<MirrorDb> {
  const db = freshDb();
  await db.feed('vehicles').put({ ...vehicle, id: vehicle.vehicleId });
  return db;
}
