import type { Wash } from '../../../core/schema/wash.ts';
import type { MirrorDb } from '../../db/mirror.ts';

/** A vehicle's washes, soonest first. */
export async function washesOfVehicle(db: MirrorDb, vehicleId: string): Promise<Wash[]> {
  const rows = await db.feed('washes').where('vehicleId').equals(vehicleId).toArray();
  return rows.map(({ id: _id, ...wash }) => wash).sort((a, b) => a.washDate.localeCompare(b.washDate) || a.washId.localeCompare(b.washId));
}
