import { liveQuery } from 'dexie';
import { IDLE_LEADER_STATUS, type AnswersProgress, type FirstSyncProgress, type LeaderStatus, type SkippedRows } from '../db/meta.ts';
import type { MirrorDb } from '../db/mirror.ts';
import type { SharedSyncFacts } from './status.ts';

export interface SharedState {
  facts: SharedSyncFacts;
  /** Rows some outbox entry touches, as `table:id`: they show a pending mark. */
  touched: ReadonlySet<string>;
}

/** Watches what every tab shows about sync, as the mirror holds it (written by the leading tab). */
export function watchSharedState(db: MirrorDb, onChange: (state: SharedState) => void): { unsubscribe(): void } {
  return liveQuery(async (): Promise<SharedState> => {
    const outbox = await db.outbox.toArray();
    const [lastSyncedAt, bootstrapped, leader, skipped, firstSync, answers] = await db.meta.bulkGet([
      'lastSyncedAt',
      'bootstrapped',
      'leaderStatus',
      'skippedRows',
      'firstSync',
      'answersPending',
    ]);
    return {
      facts: {
        outboxCount: outbox.length,
        lastSyncedAt: typeof lastSyncedAt?.value === 'string' ? lastSyncedAt.value : null,
        bootstrapped: bootstrapped?.value === true,
        leader: { ...IDLE_LEADER_STATUS, ...(leader?.value as Partial<LeaderStatus> | undefined) },
        unreadable: (skipped?.value as SkippedRows | undefined)?.rows.length ?? 0,
        firstSync: (firstSync?.value as FirstSyncProgress | undefined) ?? null,
        answers: (answers?.value as AnswersProgress | undefined) ?? null,
      },
      touched: new Set(outbox.flatMap((e) => e.touches)),
    };
  }).subscribe({
    next: onChange,
    error: (error: unknown) => console.warn('Sync status watch failed', error),
  });
}

export function sameSet(a: ReadonlySet<string>, b: ReadonlySet<string>): boolean {
  return a.size === b.size && [...a].every((k) => b.has(k));
}
