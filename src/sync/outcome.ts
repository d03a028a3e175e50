import { liveQuery } from 'dexie';
import type { MirrorDb } from '../db/mirror.ts';

/** What the server made of a mutation, as far as this device knows it. */
export type MutationOutcome =
  | { kind: 'applied' }
  | { kind: 'rejected'; message: string; details: string[]; httpStatus: number }
  /** Still waiting to be sent (offline, signed out, or no answer yet) when the wait ended. */
  | { kind: 'queued' };

export interface AwaitOutcomeOptions {
  /** How long to wait for the server's verdict; Infinity waits until there is one. */
  timeoutMs: number;
}

/**
 * Resolves once the server has decided a mutation, or with `queued` when the time is up. Applied
 * means the drain marked the entry sent, or it left the outbox without a rejection (acked, or the
 * route changed nothing). The outbox and the rejected list change in one transaction when the server
 * refuses, so the watch never sees the entry gone before its rejection is there.
 */
export function awaitOutcome(db: MirrorDb, mutationId: string, { timeoutMs }: AwaitOutcomeOptions): Promise<MutationOutcome> {
  return new Promise((resolve) => {
    let settled = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let subscription: { unsubscribe(): void } | undefined;
    const finish = (outcome: MutationOutcome) => {
      if (settled) return;
      settled = true;
      if (timer !== undefined) clearTimeout(timer);
      subscription?.unsubscribe();
      resolve(outcome);
    };

    const watch = liveQuery(() =>
      db.transaction('r', db.outbox, db.rejected, async () => ({
        entry: await db.outbox.where('id').equals(mutationId).first(),
        rejected: await db.rejected.get(mutationId),
      })),
    );
    subscription = watch.subscribe({
      next: ({ entry, rejected }) => {
        if (rejected) finish({ kind: 'rejected', message: rejected.message, details: rejected.details ?? [], httpStatus: rejected.httpStatus });
        else if (!entry || entry.state === 'sent') finish({ kind: 'applied' });
      },
      // The mirror cannot be read (closed by sign-out): nothing is known beyond "not yet decided".
      error: () => finish({ kind: 'queued' }),
    });
    if (settled) subscription.unsubscribe();
    else if (Number.isFinite(timeoutMs)) timer = setTimeout(() => finish({ kind: 'queued' }), Math.max(0, timeoutMs));
  });
}
