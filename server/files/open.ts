import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client.ts';
import { importFileDir, moveFileContents } from './legacy.ts';
import type { FileStore } from './store.ts';

/**
 * Readies the file store at start, before the server listens: what a crash left half received goes,
 * and the files of the two earlier layouts move in (the database's file_contents, then DATA_DIR/files).
 */
export async function openFileStore(app: FastifyInstance, db: Db, files: FileStore, dataDir: string): Promise<void> {
  await files.blobs.open();
  const fromDb = await moveFileContents(db, files);
  if (fromDb.moved > 0) app.log.info(`moved ${fromDb.moved} files from the database's file_contents into the file store`);
  if (fromDb.skipped.length > 0) app.log.warn({ skipped: fromDb.skipped }, 'rows of file_contents whose bytes do not match their sha256 were left there');
  const dir = path.join(dataDir, 'files');
  const fromDir = await importFileDir(files, dir);
  if (fromDir.moved > 0) app.log.info(`imported ${fromDir.moved} files from ${dir} into the file store`);
  if (fromDir.skipped.length > 0) app.log.warn({ skipped: fromDir.skipped }, `files in ${dir} whose content does not match their name were not imported`);
}
