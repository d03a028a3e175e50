import { FEED_NAMES, feedSchemas, type FeedName } from '../../core/schema/feeds.ts';
import type { SyncChange } from '../../core/schema/sync.ts';
import type { MirrorDb, ShadowEntry } from '../db/mirror.ts';
import { rowKey } from '../db/row-key.ts';
import type { Locating } from '../db/row-locations.ts';
import { rebaseRows, removeEntries } from './rebase.ts';
import { shadowsOf } from './shadows.ts';

/** A pulled change, parsed: the row to show, or null for a delete. */
export interface ParsedChange {
  table: FeedName;
  id: string;
  row: Record<string, unknown> | null;
  /** For a delete, where the row lived, when the feed says (SyncChange.at). */
  at?: Readonly<Record<string, string>>;
}

const isFeedName = (t: string): t is FeedName => Object.hasOwn(feedSchemas, t);

/**
 * Parses a page's changes with each feed's schema before anything is written. A feed this build does
 * not know (a newer server) is skipped quietly; a row that fails its schema is skipped, logged and
 * answered in `failed` (src/sync/skipped.ts fetches it again under the next build), so one bad row
 * cannot stop the rest of the organization's data from arriving.
 */
export function parseChanges(changes: readonly SyncChange[]): { parsed: ParsedChange[]; failed: string[] } {
  const parsed: ParsedChange[] = [];
  const failures: string[] = [];
  const failed: string[] = [];
  for (const change of changes) {
    if (!isFeedName(change.t)) continue;
    if (change.op === 'delete') {
      parsed.push({ table: change.t, id: change.id, row: null, ...(change.at ? { at: change.at } : {}) });
      continue;
    }
    const result = feedSchemas[change.t].safeParse(change.data);
    if (result.success) parsed.push({ table: change.t, id: change.id, row: { ...(result.data as object), id: change.id } });
    else {
      failed.push(rowKey(change.t, change.id));
      failures.push(`${change.t}:${change.id}: ${result.error.issues[0]?.message ?? 'invalid'}`);
    }
  }
  if (failures.length > 0) console.warn(`Pull skipped ${failures.length} row(s) that failed their schema, e.g. ${failures[0]}`);
  return { parsed, failed };
}

function listIn<K, V>(map: Map<K, V[]>, key: K): V[] {
  let list = map.get(key);
  if (!list) map.set(key, (list = []));
  return list;
}

/**
 * Writes one chunk of pulled changes. Rows without pending mutations are written as they are. For a
 * row with a shadow, the pulled copy becomes the new server base and the outbox entries touching it
 * are applied again on top (the rebase), so a pending change stays visible until the server has it.
 * Runs inside a rw transaction over every table.
 */
export async function writeChanges(db: MirrorDb, changes: readonly ParsedChange[]): Promise<void> {
  // The feed sends each row once per page, but if it ever repeats one the later copy wins.
  const latest = new Map(changes.map((c) => [rowKey(c.table, c.id), c] as const));
  const keys = [...latest.keys()];
  const shadows = await shadowsOf(db, keys);
  const puts = new Map<FeedName, Record<string, unknown>[]>();
  const deletes = new Map<FeedName, string[]>();
  const located = new Map<FeedName, Locating[]>();
  const newBases: ShadowEntry[] = [];
  for (const [i, change] of [...latest.values()].entries()) {
    const shadow = shadows[i];
    if (shadow) {
      newBases.push({ ...shadow, row: change.row });
    } else if (change.row) {
      listIn(puts, change.table).push(change.row);
    } else {
      listIn(deletes, change.table).push(change.id);
    }
    // A delete found where the feed says the row lived, also when a queued change's rebase removes it.
    if (change.row === null && typeof change.at?.vehicleId === 'string')
      listIn(located, change.table).push({ ...change.at, id: change.id, vehicleId: change.at.vehicleId });
  }
  for (const [table, rows] of puts) await db.table(table).bulkPut(rows);
  for (const [table, rows] of located) db.locations.note(table, rows);
  for (const [table, ids] of deletes) await db.table(table).bulkDelete(ids);
  if (newBases.length > 0) {
    await db.shadows.bulkPut(newBases);
    await rebaseRows(
      db,
      newBases.map((s) => s.key),
    );
  }
}

/**
 * Retires the outbox entries the server says the feed now carries in full, showing the server's
 * copy of their rows. An acked entry is retired even if it is still 'pending' here: that happens
 * when a push was applied but its answer was lost, and a later re-push would answer `duplicate`
 * after the ack had gone by, leaving it 'sent' for ever.
 */
export async function retireAcked(db: MirrorDb, acks: readonly string[]): Promise<void> {
  if (acks.length === 0) return;
  const entries = await db.outbox
    .where('id')
    .anyOf([...acks])
    .toArray();
  await removeEntries(db, entries);
}

/**
 * The server's tombstones are older than our cursor: empty every feed table (and the data kept beside
 * them: summaries, inspections fetched on demand) and pull from the start.
 * The outbox, rejected entries and the shadows of queued entries stay; those shadows forget their
 * old base (the row may be gone on the server) until the new pull sends it again, and queued changes
 * are shown again on top.
 */
export async function resetMirror(db: MirrorDb): Promise<void> {
  await db.transaction('rw', db.tables, async () => {
    // The summaries first: emptied with the feeds, not marked stale one by one as each feed empties.
    await db.fleetSummaries.clear();
    for (const feed of FEED_NAMES) await db.table(feed).clear();
    // Older inspections fetched on demand are server data too: the reset may be for rights that changed.
    await db.keptInspections.clear();
    await db.keptAnswers.clear();
    const touched = new Set((await db.outbox.toArray()).flatMap((e) => e.touches));
    const shadows = await db.shadows.toArray();
    await db.shadows.bulkDelete(shadows.filter((s) => !touched.has(s.key)).map((s) => s.key));
    await db.shadows.bulkPut(shadows.filter((s) => touched.has(s.key)).map((s) => ({ ...s, row: null })));
    await db.meta.bulkDelete(['cursor', 'bootstrapped', 'skippedRows', 'firstSync', 'answersPending']);
    await rebaseRows(db, touched);
  });
}
