import type { FileUse } from '../../core/rules/file-type.ts';
import type { BlobEntry, MirrorDb } from '../db/mirror.ts';
import { prepareFile, type PreparedFile } from './prepare-file.ts';

/**
 * Puts a prepared file in the upload queue (the mirror's `blobs`), where it waits, across reloads and
 * sign-ins, until the server has it. The same content queued again is the same entry: one that was
 * refused or cancelled is tried again, one waiting or sent stays as it is.
 */
export async function queueFile(db: MirrorDb, file: PreparedFile): Promise<string> {
  await db.transaction('rw', db.blobs, async () => {
    const existing = await db.blobs.get(file.sha256);
    if (existing && existing.state !== 'error' && existing.state !== 'cancelled') return;
    const entry: BlobEntry = {
      hash: file.sha256,
      blob: file.blob,
      mimeType: file.mimeType,
      filename: file.filename,
      createdAt: new Date().toISOString(),
      uploaded: false,
      state: 'added',
      sentBytes: 0,
      attempts: 0,
      retryAt: 0,
    };
    await db.blobs.put(entry);
  });
  return file.sha256;
}

/** Readies a chosen file (src/files/prepare-file.ts) and queues it: what a change then names. */
export async function queueChosenFile(db: MirrorDb, file: File, use: FileUse): Promise<{ sha256: string; filename: string; mimeType: string }> {
  const prepared = await prepareFile(file, use);
  await queueFile(db, prepared);
  return { sha256: prepared.sha256, filename: prepared.filename, mimeType: prepared.mimeType };
}
