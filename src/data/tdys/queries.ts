import type { Tdy } from '../../../core/schema/tdy.ts';
import type { MirrorDb } from '../../db/mirror.ts';

/** A vehicle's TDYs, latest start first. */
export async function tdysOfVehicle(db: MirrorDb, vehicleId: string): Promise<Tdy[]> {
  const rows = await db.feed('tdys').where('vehicleId').equals(vehicleId).toArray();
  return rows.map(({ id: _id, ...tdy }) => tdy).sort((a, b) => b.startDate.localeCompare(a.startDate) || a.tdyId.localeCompare(b.tdyId));
}
