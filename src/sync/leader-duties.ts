import { liveQuery } from 'dexie';
import { nanoid } from 'nanoid';
import { ZodError } from 'zod';
import { ID_LENGTH } from '../../core/schema/common.ts';
import { getMeta, IDLE_LEADER_STATUS, setMeta, type LeaderStatus } from '../db/meta.ts';
import type { MirrorDb } from '../db/mirror.ts';
import type { ApiClient } from './api.ts';
import { realTimers, type Timers } from './backoff.ts';
import { SYNC_TIMER_MS } from './constants.ts';
import { Drain } from './drain.ts';
import { needsSignIn, OfflineError } from './errors.ts';
import type { PullRunner } from './pull-runner.ts';
import { singleFlight } from './single-flight.ts';
import { shallowEqual } from './store.ts';

/** This device's sync identity, made once and shared by every tab (any of them may lead later). */
export async function ensureClientId(db: MirrorDb): Promise<string> {
  return db.transaction('rw', db.meta, async () => {
    const existing = await getMeta(db, 'clientId');
    if (typeof existing === 'string') return existing;
    const clientId = nanoid(ID_LENGTH);
    await setMeta(db, 'clientId', clientId);
    return clientId;
  });
}

/** Writes the leader's status to the mirror (in order, only when it changed) for every tab to show. */
class LeaderStatusPublisher {
  private current: LeaderStatus = IDLE_LEADER_STATUS;
  private writes: Promise<void> = Promise.resolve();

  constructor(private readonly db: MirrorDb) {}

  publish(patch: Partial<LeaderStatus>, force = false): void {
    const next = { ...this.current, ...patch };
    if (!force && shallowEqual(next, this.current)) return;
    this.current = next;
    this.writes = this.writes
      .then(() => setMeta(this.db, 'leaderStatus', next))
      .then(
        () => undefined,
        (error: unknown) => console.warn('Could not store the sync status', error),
      );
  }
}

function failureFacts(error: unknown): Partial<LeaderStatus> {
  // A schema failure's own message is a wall of JSON; the log keeps the details.
  const message = error instanceof ZodError ? 'The server sent data this version of the app cannot read' : error instanceof Error ? error.message : String(error);
  return {
    lastError: message,
    unreachable: error instanceof OfflineError,
    signInRequired: needsSignIn(error),
  };
}

export interface LeaderDuties {
  pull(): Promise<void>;
  wake(force?: boolean): Promise<void>;
  syncNow(): Promise<void>;
  stop(): void;
}

export interface LeaderDutiesOptions {
  db: MirrorDb;
  api: ApiClient;
  clientId: string;
  runner: PullRunner;
  /** With the stream up, pokes bring pulls; without it the timer and focus pull instead. */
  streamConnected(): boolean;
  /** Whether the tab holding a held entry's secret is still open (src/sync/held.ts). */
  holderAlive?: (holder: string) => Promise<boolean>;
  timers?: Timers;
}

/**
 * What only the leading tab does: pull, drain the outbox (its own and every other tab's, watched
 * through a live query) and retry on a timer.
 */
export function startLeaderDuties({ db, api, clientId, runner, streamConnected, holderAlive, timers = realTimers }: LeaderDutiesOptions): LeaderDuties {
  const status = new LeaderStatusPublisher(db);
  // A previous leader may have closed mid-sync and left "sending" behind.
  status.publish(IDLE_LEADER_STATUS, true);

  const pull = singleFlight(async () => {
    status.publish({ pulling: true });
    try {
      await runner.pull(clientId);
      status.publish({ pulling: false, lastError: null, unreachable: false, signInRequired: false });
    } catch (error) {
      console.warn('Pull failed', error);
      status.publish({ pulling: false, ...failureFacts(error) });
    }
  });
  const drain = new Drain({ db, api, clientId, onApplied: () => void pull(), report: (patch) => status.publish(patch), holderAlive, timers });

  // A new pending entry from any tab wakes the drain; the highest seq tells new entries from old.
  let highestSeen = 0;
  const outboxWatch = liveQuery(() => db.outbox.where('state').equals('pending').primaryKeys()).subscribe({
    next: (seqs) => {
      const highest = seqs.reduce((max, seq) => Math.max(max, seq), 0);
      if (highest > highestSeen) void drain.wake();
      highestSeen = Math.max(highestSeen, highest);
    },
    error: (error: unknown) => console.warn('Outbox watch failed', error),
  });

  let stopped = false;
  const tick = () => {
    if (stopped) return;
    void drain.wake();
    if (!streamConnected()) void pull();
    timer = timers.setTimeout(tick, SYNC_TIMER_MS);
  };
  let timer = timers.setTimeout(tick, SYNC_TIMER_MS);
  void pull();

  return {
    pull,
    wake: (force = false) => drain.wake({ force }),
    async syncNow() {
      await drain.wake({ force: true });
      await pull();
    },
    stop() {
      stopped = true;
      timers.clearTimeout(timer);
      outboxWatch.unsubscribe();
      drain.stop();
      runner.dispose();
    },
  };
}
