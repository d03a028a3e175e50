import type { MirrorDb, OutboxEntry, RejectedEntry } from '../db/mirror.ts';
import { argsOf } from './entry-args.ts';
import { rejectedRow, SET_ASIDE, type Refusal } from './rejected-row.ts';
import { mutatorByName, type MutatorLookup } from './mutator-registry.ts';
import { removeEntries } from './rebase.ts';
import { forgetSecret } from './secrets.ts';

function createdBy(entry: OutboxEntry, lookup: MutatorLookup): string[] {
  const mutator = lookup(entry.name);
  if (!mutator?.creates) return [];
  try {
    return mutator.creates(argsOf(entry, mutator));
  } catch {
    return [];
  }
}

/**
 * Ends refused changes: removes them from the outbox, rolls their effect back and lists them with
 * their message. A change to a record that a refused change would have created is ended with it
 * (the user's later edits of a vehicle whose creation was refused): sent alone it could only fail,
 * and listed together the user sees the whole intent. Runs inside a rw transaction over every table.
 */
export async function rejectEntries(
  db: MirrorDb,
  refusals: readonly { entry: OutboxEntry; refusal: Refusal }[],
  lookup: MutatorLookup = mutatorByName,
): Promise<void> {
  if (refusals.length === 0) return;
  const outbox = await db.outbox.toArray();
  const ended = new Map<string, { entry: OutboxEntry; row: RejectedEntry }>();
  const end = (entry: OutboxEntry, row: RejectedEntry) => {
    if (!ended.has(entry.id)) ended.set(entry.id, { entry, row });
  };
  for (const { entry, refusal } of refusals) {
    end(entry, rejectedRow(entry, refusal));
    const created = new Set(createdBy(entry, lookup));
    if (created.size === 0) continue;
    for (const later of outbox) {
      if ((later.seq ?? 0) <= (entry.seq ?? 0) || later.state === 'sent' || ended.has(later.id)) continue;
      if (!later.touches.some((k) => created.has(k))) continue;
      if (createdBy(later, lookup).some((k) => created.has(k))) continue;
      end(later, rejectedRow(later, { message: `Not sent: the record it changes was not created (${refusal.message})`, httpStatus: SET_ASIDE }, entry.id));
    }
  }
  const entries = [...ended.values()];
  await removeEntries(
    db,
    entries.map((e) => e.entry),
  );
  await db.rejected.bulkPut(entries.map((e) => e.row));
  for (const { entry } of entries) forgetSecret(entry.id);
}
