import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { fileContents } from '../db/schema/index.ts';
import { discard, receiveFile } from './receive.ts';
import type { FileStore } from './store.ts';

const SHA256_NAME = /^[0-9a-f]{64}$/;
/** Rows named per query; each row's bytes are then read alone, so memory holds one file at a time. */
const BATCH = 100;

export interface LegacyMove {
  /** Contents moved into the store. */
  moved: number;
  /** Names whose bytes do not hash to them: left where they are, reported. */
  skipped: string[];
}

/**
 * Issue 17's layout kept every file whole in one bytea (file_contents). At every start the rows left
 * there move into the file store, one at a time, each deleted once the store has it; a crash in
 * between moves it again next time (the store keeps a content once). Runs before the server listens.
 */
export async function moveFileContents(db: Db, files: FileStore): Promise<LegacyMove> {
  const result: LegacyMove = { moved: 0, skipped: [] };
  const skipped = new Set<string>();
  for (;;) {
    const names = (
      await db
        .select({ sha256: fileContents.sha256 })
        .from(fileContents)
        .limit(BATCH + skipped.size)
    )
      .map((r) => r.sha256)
      .filter((n) => !skipped.has(n));
    if (names.length === 0) return { ...result, skipped: [...skipped] };
    for (const sha256 of names) {
      const [row] = await db.select({ bytes: fileContents.bytes }).from(fileContents).where(eq(fileContents.sha256, sha256));
      if (!row) continue;
      if ((await files.keepBytes(row.bytes)) !== sha256) {
        skipped.add(sha256);
        continue;
      }
      await db.delete(fileContents).where(eq(fileContents.sha256, sha256));
      result.moved++;
    }
  }
}

/**
 * Before issue 17 the content of uploads lived on disk, DATA_DIR/files/{sha256}. At start each such
 * file the store lacks is copied in (streamed; a file whose bytes do not hash to its name is skipped
 * and reported). The folder is left as it is; once the server has started once, it may be removed.
 */
export async function importFileDir(files: FileStore, dir: string): Promise<LegacyMove> {
  let names: string[];
  try {
    names = (await fsp.readdir(dir)).filter((name) => SHA256_NAME.test(name));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { moved: 0, skipped: [] };
    throw error;
  }
  const result: LegacyMove = { moved: 0, skipped: [] };
  for (const sha256 of names) {
    if (await files.blobs.has(sha256)) continue;
    const received = await receiveFile(fs.createReadStream(path.join(dir, sha256)), { dir: files.blobs.tmpDir, limitBytes: Infinity });
    if (received.sha256 !== sha256) {
      await discard(received.path);
      result.skipped.push(sha256);
      continue;
    }
    await files.blobs.keep(received);
    result.moved++;
  }
  return result;
}
