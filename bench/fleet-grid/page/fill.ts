import type { FillResult } from '../api.ts';
import type { MirrorDb } from '../../../src/db/mirror.ts';

const KEY = 'fleetBenchDataKey';

export async function mirrorKey(db: MirrorDb): Promise<string | null> {
  const entry = await db.meta.get(KEY);
  return typeof entry?.value === 'string' ? entry.value : null;
}

export async function setMirrorKey(db: MirrorDb, key: string): Promise<void> {
  await db.meta.put({ key: KEY, value: key });
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
    // In one transaction with the vehicle summaries, which a write to a history feed updates (src/db/fleet-summaries.ts).
    await db.transaction('rw', db.tables, () => db.table(feed).bulkPut(list));
    rows += list.length;
  }
  return { rows, ms: performance.now() - start };
}
