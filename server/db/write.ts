import { sql } from 'drizzle-orm';
import type { Db, Tx } from './client.ts';
import { orgClocks, syncMutations } from './schema/index.ts';
import { DuplicateMutationError } from './errors.ts';
import { newEpoch } from '../sync/epoch.ts';

/** A pushed mutation being applied: recorded in the same transaction as its change. */
export interface MutationRef {
  userId: string;
  clientId: string;
  mutationId: string;
}

export interface WriteScope<E> {
  tx: Tx;
  /** The organization revision every row written here must carry. */
  rev: number;
  orgId: string;
  now: Date;
  /** Queue a live event; it is stored with the change and published once the change commits. */
  publish(event: E): void;
}

/** What a write answers: the change's own result and the organization revision it took. */
export interface Written<T> {
  value: T;
  rev: number;
}

export interface WriteHooks<E> {
  /** Runs inside the transaction with the events the write queued (stores them). */
  beforeCommit(tx: Tx, orgId: string, rev: number, events: E[]): Promise<void>;
  /** Runs after the commit: publishes the events and the poke. */
  afterCommit(orgId: string, rev: number, events: E[]): void;
}

/** Takes the organization's next revision; the row lock orders writers, so revisions are commit-ordered. */
async function nextRevision(tx: Tx, orgId: string): Promise<number> {
  const [row] = await tx
    .insert(orgClocks)
    // A clock made after the server started gets an epoch of its own (see org_clocks.epoch).
    .values({ orgId, rev: 1, epoch: newEpoch() })
    .onConflictDoUpdate({ target: orgClocks.orgId, set: { rev: sql`${orgClocks.rev} + 1` } })
    .returning({ rev: orgClocks.rev });
  if (!row) throw new Error('could not take a revision');
  return row.rev;
}

/**
 * Every write of the product goes through here: one transaction that first takes the revision,
 * records the pushed mutation (if any) so it can never apply twice, runs the change, stores the live
 * events, and after the commit announces the new revision. It answers the change's result and that
 * revision.
 */
export function createWriter<E>(db: Db, hooks: WriteHooks<E>) {
  return async function write<T>(orgId: string, mutation: MutationRef | undefined, fn: (scope: WriteScope<E>) => Promise<T>): Promise<Written<T>> {
    const events: E[] = [];
    let rev = 0;
    const result = await db.transaction(async (tx) => {
      rev = await nextRevision(tx, orgId);
      if (mutation) {
        const recorded = await tx
          .insert(syncMutations)
          .values({ ...mutation, orgId, rev, status: 200 })
          .onConflictDoNothing()
          .returning({ rev: syncMutations.rev });
        if (recorded.length === 0) throw new DuplicateMutationError();
      }
      const value = await fn({ tx, rev, orgId, now: new Date(), publish: (e) => events.push(e) });
      await hooks.beforeCommit(tx, orgId, rev, events);
      return value;
    });
    hooks.afterCommit(orgId, rev, events);
    return { value: result, rev };
  };
}

export type Writer<E> = ReturnType<typeof createWriter<E>>;
