import { inspectionDetailSchema, inspectionPaths } from '../../../core/schema/inspection.ts';
import type { KeptInspection, MirrorDb } from '../../db/mirror.ts';
import type { SyncEngine } from '../../sync/engine.ts';

type Read = SyncEngine['read'];

/**
 * Fetches an inspection's detail from the server (its header, results and their pictures, checked
 * against inspectionDetailSchema) and keeps it in the mirror (`keptInspections`), so that it opens
 * offline from then on. Throws OfflineError without a network and ApiError with the server's word;
 * nothing is kept then.
 */
export async function fetchAndKeepInspection(db: MirrorDb, read: Read, vehicleId: string, inspectionId: string, now = new Date()): Promise<KeptInspection> {
  const detail = await read(inspectionPaths.detail.build({ vehicleId, inspectionId }), inspectionDetailSchema);
  const kept: KeptInspection = { inspectionId, detail, fetchedAt: now.toISOString() };
  await db.keptInspections.put(kept);
  return kept;
}
