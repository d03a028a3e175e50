import type { Document } from '../../../core/schema/document.ts';
import type { MirrorDb } from '../../db/mirror.ts';

/** A vehicle's documents, newest first. */
export async function documentsOfVehicle(db: MirrorDb, vehicleId: string): Promise<Document[]> {
  const rows = await db.feed('documents').where('vehicleId').equals(vehicleId).toArray();
  return rows.map(({ id: _id, ...d }) => d).sort((a, b) => b.creationDate.localeCompare(a.creationDate) || a.fileId.localeCompare(b.fileId));
}
