import type { MirrorDb, OutboxEntry } from '../db/mirror.ts';
import type { Mutator } from './mutator.ts';
import { mutatorByName } from './mutators/index.ts';

type MutatorLookup = (name: string) => Mutator<unknown> | undefined;

/** Every row reachable from `keys` through entries touching several rows, and those entries. */
function closure(entries: readonly OutboxEntry[], keys: Iterable<string>): { rows: Set<string>; involved: Set<OutboxEntry> } {
  const rows = new Set(keys);
  const involved = new Set<OutboxEntry>();
  for (let grew = true; grew; ) {
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
  const entries = await db.outbox.toArray(); // primary key order: seq, the order they were made in
  const { rows, involved } = closure(entries, keys);
  if (rows.size === 0) return;
  const keyList = [...rows];
  const shadows = await db.shadows.bulkGet(keyList);
  for (const shadow of shadows) {
    if (!shadow) continue; // no pending change ever touched it: the visible row is the server's
    if (shadow.row) await db.table(shadow.table).put(shadow.row);
    else await db.table(shadow.table).delete(shadow.id);
  }
  for (const entry of entries) {
    if (!involved.has(entry)) continue;
    const mutator = lookup(entry.name);
    if (!mutator) {
      console.warn(`Outbox entry ${entry.id} names an unknown mutator "${entry.name}"; its effect cannot be replayed`);
      continue;
    }
    await mutator.apply(db, entry.args);
  }
  const needed = new Set([...involved].flatMap((e) => e.touches));
  await db.shadows.bulkDelete(keyList.filter((k) => !needed.has(k)));
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
