import fs from 'node:fs/promises';
import path from 'node:path';
import { inArray } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { fileContents } from '../db/schema/index.ts';
import { sha256Of } from './store.ts';

const SHA256_NAME = /^[0-9a-f]{64}$/;
/** Names asked about per query. */
const BATCH = 500;

/**
 * Before issue 17 the content of uploads lived on disk, DATA_DIR/files/{sha256}; it now lives in the
 * database (file_contents). At start, each such file the database lacks is imported (a file whose
 * bytes do not hash to its name is skipped and reported). The folder is left as it is; once the
 * server has started once, it may be removed. Answers the files imported and the ones skipped.
 */
export async function importFileDir(db: Db, dir: string): Promise<{ imported: number; skipped: string[] }> {
  let names: string[];
  try {
    names = (await fs.readdir(dir)).filter((name) => SHA256_NAME.test(name));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { imported: 0, skipped: [] };
    throw error;
  }
  let imported = 0;
  const skipped: string[] = [];
  for (let i = 0; i < names.length; i += BATCH) {
    const batch = names.slice(i, i + BATCH);
    const present = new Set((await db.select({ sha256: fileContents.sha256 }).from(fileContents).where(inArray(fileContents.sha256, batch))).map((r) => r.sha256));
    for (const sha256 of batch) {
      if (present.has(sha256)) continue;
      const bytes = await fs.readFile(path.join(dir, sha256));
      if (sha256Of(bytes) !== sha256) {
        skipped.push(sha256);
        continue;
      }
      await db.insert(fileContents).values({ sha256, bytes, sizeBytes: bytes.length }).onConflictDoNothing();
      imported++;
    }
  }
  return { imported, skipped };
}
