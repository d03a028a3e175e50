import type { FillResult } from '../api.ts';
import type { MirrorDb } from '../../../src/db/mirror.ts';
import { deriveAll } from '../../../src/db/derived-stores.ts';
import { DerivedTally } from '../../../src/db/derived-tally.ts';
import { withoutDerived } from '../../../src/db/without-derived.ts';
import { setMeta } from '../../../src/db/meta.ts';

const KEY = 'fleetBenchDataKey';

/** The derived stores folded from the rows this page has filled, as a first sync folds them (src/db/derived-tally.ts). */
let tally: DerivedTally | null = null;

export async function mirrorKey(db: MirrorDb): Promise<string | null> {
  const entry = await db.meta.get(KEY);
  return typeof entry?.value === 'string' ? entry.value : null;
}

/**
 * Stores the summaries and open records of every organization's rows, as a first sync ends (from the
 * feeds when this page did not fill them all), then marks the mirror filled.
 */
export async function completeMirror(db: MirrorDb, key: string): Promise<void> {
  const folded = tally;
  tally = null;
  await db.transaction('rw', db.tables, async (tx) => {
    if (!(await folded?.store(tx))) await deriveAll(tx);
  });
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
  tally = new DerivedTally();
  await db.meta.delete(KEY);
  await db.transaction('rw', db.tables, () => Promise.all(db.tables.map((table) => table.clear())));
}

async function feedRows(origin: string, org: number, feed: string): Promise<Record<string, unknown>[]> {
  const response = await fetch(`${origin}/${org}/${feed}.json`);
  if (!response.ok) throw new Error(`${feed} of organization ${org}: HTTP ${response.status}`);
  return (await response.json()) as Record<string, unknown>[];
}

/**
 * Writes one generated organization's feed rows (served at `origin`, bench/fleet-grid/feed-server.ts)
 * into the mirror. Every feed is asked for at once, so that the page reads and parses the next feeds
 * while IndexedDB (in the browser's process) writes one, and each feed's rows are folded into the tally
 * while their write commits.
 */
export async function fillOrg(db: MirrorDb, origin: string, org: number, feeds: readonly string[]): Promise<FillResult> {
  const start = performance.now();
  const lists = feeds.map((feed) => feedRows(origin, org, feed));
  for (const list of lists) list.catch(() => undefined);
  let rows = 0;
  for (const [i, feed] of feeds.entries()) {
    const list = await lists[i]!;
    // As a first sync writes its pages: without the derived stores' upkeep, folded in memory and stored at the end (completeMirror).
    const written = db.transaction('rw', db.tables, (tx) => withoutDerived(tx, () => db.table(feed).bulkPut(list)));
    tally?.add(list.map((row) => ({ table: feed, id: row.id as string, row })));
    await written;
    rows += list.length;
  }
  return { rows, ms: performance.now() - start };
}
