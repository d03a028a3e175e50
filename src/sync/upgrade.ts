import type { MirrorDb, OutboxEntry } from '../db/mirror.ts';
import { argsOf, madeByNewerApp } from './entry-args.ts';
import type { MutationContext, Mutator } from './mutator.ts';
import { mutatorByName, type MutatorLookup } from './mutator-registry.ts';
import { SET_ASIDE } from './rejected-row.ts';
import { rejectEntries } from './reject.ts';
import { keepSecret, takeSecrets } from './secrets.ts';

/** What the entry must become in this version of the app; null when it is already that. */
function upgraded(entry: OutboxEntry, mutator: Mutator<unknown>, ctx: MutationContext, base: Record<string, unknown> | null): OutboxEntry | null {
  const current = mutator.version ?? 1;
  const args = argsOf(entry, mutator, base);
  // An older app kept secrets in the entry itself; they leave IndexedDB now, into this tab's memory.
  const { stored, secret } = takeSecrets(mutator, args, entry.v === current ? entry.request : mutator.request(args, ctx));
  if (entry.v === current && !secret) return null;
  const next: OutboxEntry = { ...entry, args: stored.args, v: current, request: stored.request };
  if (secret) Object.assign(next, { state: 'held', holder: keepSecret(entry.id, secret) });
  return next;
}

/**
 * Brings the entries an older app left in the outbox to this version's shape: arguments upgraded by
 * their mutator and their request made again from them, secrets moved out of IndexedDB. An entry
 * that cannot be upgraded (or names a change this app does not know) is set aside and listed, and
 * the others go on. Entries the server already applied are left as they are. Run by the tab that
 * leads, before it sends anything.
 */
export async function upgradeOutbox(db: MirrorDb, ctx: MutationContext, lookup: MutatorLookup = mutatorByName): Promise<void> {
  await db.transaction('rw', db.tables, async () => {
    const refusals: { entry: OutboxEntry; refusal: { message: string; httpStatus: number } }[] = [];
    // The row each old change was made on: the server copy, with the earlier old changes laid over it.
    const bases = new Map<string, Record<string, unknown> | null>();
    const baseOf = async (key: string | undefined) => {
      if (key === undefined) return null;
      if (!bases.has(key)) bases.set(key, (await db.shadows.get(key))?.row ?? null);
      return bases.get(key) ?? null;
    };
    for (const entry of await db.outbox.toArray()) {
      const key = entry.touches[0];
      const base = await baseOf(key);
      if (key !== undefined && (entry.v ?? 1) < (lookup(entry.name)?.version ?? 1) && entry.args && typeof entry.args === 'object') {
        bases.set(key, { ...(base ?? {}), ...(entry.args as Record<string, unknown>) });
      }
      if (entry.state === 'sent') continue;
      const mutator = lookup(entry.name);
      // Made by a newer version of the app, in a tab updated before this one: sent as it was made.
      if (mutator && madeByNewerApp(entry, mutator)) continue;
      try {
        if (!mutator) throw new Error(`this version of the app does not know the change "${entry.name}"`);
        const next = upgraded(entry, mutator, ctx, base);
        if (next) await db.outbox.put(next);
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        refusals.push({
          entry,
          refusal: { message: `Set aside, not sent: this change could not be carried over to the updated app (${message})`, httpStatus: SET_ASIDE },
        });
      }
    }
    await rejectEntries(db, refusals, lookup);
  });
}
