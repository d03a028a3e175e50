import type { FillResult } from '../api.ts';
import type { MirrorDb } from '../../../src/db/mirror.ts';
import { deriveAll } from '../../../src/db/derived-stores.ts';
import { withoutDerived } from '../../../src/db/without-derived.ts';
import { setMeta } from '../../../src/db/meta.ts';

const KEY = 'fleetBenchDataKey';

export async function mirrorKey(db: MirrorDb): Promise<string | null> {
  const entry = await db.meta.get(KEY);
  return typeof entry?.value === 'string' ? entry.value : null;
}

/** Makes the summaries and open records from every organization's rows, as a first sync ends, then marks the mirror filled. */
export async function completeMirror(db: MirrorDb, key: string): Promise<void> {
  await db.transaction('rw', db.tables, (tx) => deriveAll(tx));
  await markWhole(db);
  await db.meta.put({ key: KEY, value: key });
}

/**
 * The mirror says it is whole, as a synced device's does (a first sync's end writes it): Fleet Details
 * derives its rows from the mirror only then. Also run on a mirror an earlier bench run completed.
 */
export async function markWhole(db: MirrorDb): Promise<void> {
  await setMeta(db, 'bootstrapped', true);
}

export async function clearMirror(db: MirrorDb): Promise<void> {
  await db.meta.delete(KEY);
  await db.transaction('rw', db.tables, () => Promise.all(db.tables.map((table) => table.clear())));
}

/** Writes one generated organization's feed rows (served by the bench server) into the mirror. */
export async function fillOrg(db: MirrorDb, org: number, feeds: readonly string[]): Promise<FillResult> {
  const start = performance.now();
  let rows = 0;
  for (const feed of feeds) {
    const response = await fetch(`/__bench/feeds/${org}/${feed}.json`);
    if (!response.ok) throw new Error(`${feed} of organization ${org}: HTTP ${response.status}`);
    const list = (await response.json()) as Record<string, unknown>[];
    // As a first sync writes its pages: without the derived stores' upkeep, made whole at the end (completeMirror).
    await db.transaction('rw', db.tables, (tx) => withoutDerived(tx, () => db.table(feed).bulkPut(list)));
    rows += list.length;
  }
  return { rows, ms: performance.now() - start };
}
