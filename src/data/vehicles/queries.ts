import type { MirrorRow, MirrorDb } from '../../db/mirror.ts';

/**
 * The vehicles a registration names, as an address or a search types it: trimmed, whatever its case
 * (part 1 §2). Registrations are unique per organization; two may still differ only in case.
 */
export function vehiclesOfRegistration(db: MirrorDb, regNumber: string): Promise<MirrorRow<'vehicles'>[]> {
  return db.feed('vehicles').where('regNumber').equalsIgnoreCase(regNumber.trim()).toArray();
}
