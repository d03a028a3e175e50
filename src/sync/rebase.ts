import type { MirrorDb, OutboxEntry } from '../db/mirror.ts';
import { argsOf, madeByNewerApp } from './entry-args.ts';
import { mutatorByName, type MutatorLookup } from './mutator-registry.ts';
import { rejectedRow, SET_ASIDE } from './rejected-row.ts';

/** Every row reachable from `keys` through entries touching several rows, and those entries. */
function closure(entries: readonly OutboxEntry[], keys: Iterable<string>): { rows: Set<string>; involved: Set<OutboxEntry> } {
  const rows = new Set(keys);
  const involved = new Set<OutboxEntry>();
  for (let grew = true; grew;) {
    grew = false;
    for (const entry of entries) {
      if (involved.has(entry) || !entry.touches.some((k) => rows.has(k))) continue;
      involved.add(entry);
      for (const k of entry.touches) {
        if (!rows.has(k)) {
          rows.add(k);
          grew = true;
        }
      }
    }
  }
  return { rows, involved };
}

/**
 * Makes the visible rows at `keys` equal to their server copy with every outbox entry still touching
 * them applied on top, in seq order; then drops the shadows no entry needs any more. This is the one
 * step behind rebase (a newer server copy arrived), rollback (an entry was refused and removed) and
 * release (an entry was acked and removed).
 *
 * Replaying an entry writes all of its rows, so the set is widened to every row those entries touch
 * and every entry touching those: otherwise replaying an old entry could overwrite a later entry's
 * effect on a row outside the set. Runs inside a rw transaction over every table.
 */
export async function rebaseRows(db: MirrorDb, keys: Iterable<string>, lookup: MutatorLookup = mutatorByName): Promise<void> {
  const wanted = new Set(keys);
  // Each round that finds a replay failing sets that entry aside, so the rounds end.
  for (;;) {
    const failed = await replay(db, wanted, lookup);
    if (failed.length === 0) return;
    await db.outbox.bulkDelete(failed.map(({ entry }) => entry.seq).filter((s): s is number => s !== undefined));
    await db.rejected.bulkPut(failed.map(({ entry, message }) => rejectedRow(entry, { message: `Set aside, not sent: ${message}`, httpStatus: SET_ASIDE })));
    for (const { entry } of failed) for (const k of entry.touches) wanted.add(k);
  }
}

interface FailedReplay {
  entry: OutboxEntry;
  message: string;
}

/**
 * One round of rebaseRows. A pending change whose replay throws (an app update changed what its
 * arguments mean) is answered as failed, to be set aside and shown, instead of stopping the pull or
 * the settle that asked for the replay; a change the server already applied is only skipped (its
 * server copy is on the way).
 */
async function replay(db: MirrorDb, keys: Iterable<string>, lookup: MutatorLookup): Promise<FailedReplay[]> {
  const entries = await db.outbox.toArray(); // primary key order: seq, the order they were made in
  const { rows, involved } = closure(entries, keys);
  if (rows.size === 0) return [];
  const keyList = [...rows];
  const shadows = await db.shadows.bulkGet(keyList);
  for (const shadow of shadows) {
    if (!shadow) continue; // no pending change ever touched it: the visible row is the server's
    if (shadow.row) await db.table(shadow.table).put(shadow.row);
    else await db.table(shadow.table).delete(shadow.id);
  }
  const failed: FailedReplay[] = [];
  for (const entry of entries) {
    if (!involved.has(entry)) continue;
    const mutator = lookup(entry.name);
    if (mutator && madeByNewerApp(entry, mutator)) continue;
    try {
      if (!mutator) throw new Error(`it was made by a version of the app that had a "${entry.name}" change, which this one does not know`);
      await mutator.apply(db, argsOf(entry, mutator));
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      console.warn(`Outbox entry ${entry.id} (${entry.name}) could not be replayed: ${message}`);
      if (entry.state !== 'sent') failed.push({ entry, message: `this change could not be shown again after an update of the app (${message})` });
    }
  }
  if (failed.length > 0) return failed;
  const needed = new Set([...involved].flatMap((e) => e.touches));
  await db.shadows.bulkDelete(keyList.filter((k) => !needed.has(k)));
  return [];
}

/**
 * Removes outbox entries and recomputes the rows they touched (rollback, ack, or a change the server
 * made nothing of). Runs inside a rw transaction over every table.
 */
export async function removeEntries(db: MirrorDb, entries: readonly OutboxEntry[]): Promise<void> {
  if (entries.length === 0) return;
  await db.outbox.bulkDelete(entries.map((e) => e.seq).filter((s): s is number => s !== undefined));
  await rebaseRows(
    db,
    entries.flatMap((e) => e.touches),
  );
}
