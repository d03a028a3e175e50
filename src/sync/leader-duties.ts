import { liveQuery } from 'dexie';
import { nanoid } from 'nanoid';
import { ZodError } from 'zod';
import { ID_LENGTH } from '../../core/schema/common.ts';
import { getMeta, IDLE_LEADER_STATUS, setMeta, type LeaderStatus } from '../db/meta.ts';
import type { MirrorDb } from '../db/mirror.ts';
import type { ApiClient } from './api.ts';
import { Backoff, realTimers, type Timers } from './backoff.ts';
import { PULL_BACKOFF_INITIAL_MS, PULL_BACKOFF_MAX_MS, SYNC_TIMER_MS } from './constants.ts';
import { Drain } from './drain.ts';
import { ApiError, needsSignIn, OfflineError, retryDelay } from './errors.ts';
import type { PullRunner } from './pull-runner.ts';
import { resetMirror } from './pull-write.ts';
import { singleFlight } from './single-flight.ts';
import { shallowEqual } from './store.ts';
import type { UploadFile } from './upload-transport.ts';
import { Uploader } from './uploader.ts';

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
  /** A leader that stopped (closed, or replaced by another tab) no longer speaks for sync. */
  stopped = false;

  constructor(private readonly db: MirrorDb) {}

  publish(patch: Partial<LeaderStatus>, force = false): void {
    if (this.stopped) return;
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

/**
 * Part 1 §8: a refresh answered 401, 403 or 404 is not retried. A 401 (or no token) waits for the
 * sign-in (the session watch starts it), a 403 has the app start over (src/auth/forbidden.ts), a 404
 * starts over with the mirror's data cleared (`pullGone`). The 30 s tick still pulls: it is the
 * schedule, not a retry.
 */
export function refreshRetryable(error: unknown): boolean {
  return !needsSignIn(error) && !(error instanceof ApiError && (error.status === 403 || error.status === 404));
}

/**
 * The pull (or the answers' fill) was answered 404: what this mirror pulled (the organization, the
 * user's own rows) is gone from the server, so the data tables are cleared as a server reset does
 * (the outbox, rejected changes and files taken offline stay) and the app is started over at /.
 * Against a loop: a mirror with nothing pulled (no cursor, as after that reset) has nothing to clear,
 * so a 404 then only shows as the sync's error; the start-over itself is guarded too (forbidden.ts).
 * Answers whether it started over.
 */
export async function pullGone(db: MirrorDb, startOver: () => void): Promise<boolean> {
  if (((await getMeta(db, 'cursor')) ?? '') === '') return false;
  await resetMirror(db);
  startOver();
  return true;
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
  /**
   * Whether this tab still leads (src/sync/leader.ts `stillLeading`), asked before every pull and
   * push: a tab that was frozen and replaced may run its timers before it hears of it. Default: yes.
   */
  stillLeading?: () => Promise<boolean>;
  /** Whether the tab holding a held entry's secret is still open (src/sync/held.ts). */
  holderAlive?: (holder: string) => Promise<boolean>;
  /** Sends a queued file's bytes (src/sync/upload-transport.ts); without it the upload queue does not run. */
  upload?: UploadFile;
  /** The pull was answered 404 and the mirror's data cleared (`pullGone`): go to / (default: nothing more). */
  onPullNotFound?: () => void;
  timers?: Timers;
  random?: () => number;
}

/** A deposed leader's push, refused before it leaves the tab. */
class NotLeadingError extends Error {
  override readonly name = 'NotLeadingError';
  constructor() {
    super('Another tab leads sync now');
  }
}

/**
 * What only the leading tab does: pull, drain the outbox (its own and every other tab's, watched
 * through a live query) and retry on a timer. The timer pulls even while the live stream is up: an
 * empty pull is cheap and makes up for a lost poke. A failed pull is retried with backoff (1 s
 * doubling to 60 s, ±20 %), reset by a success; one answered 401, 403 or 404 (or without a token)
 * is not retried (`refreshRetryable`) and waits for the next wake; a 404 also clears the mirror's
 * data and starts over (`pullGone`).
 */
export function startLeaderDuties({
  db,
  api,
  clientId,
  runner,
  stillLeading = async () => true,
  holderAlive,
  upload,
  onPullNotFound = () => undefined,
  timers = realTimers,
  random,
}: LeaderDutiesOptions): LeaderDuties {
  const status = new LeaderStatusPublisher(db);
  // A previous leader may have closed mid-sync and left "sending" behind.
  status.publish(IDLE_LEADER_STATUS, true);

  let stopped = false;
  /** Asked before any pull or push: a deposed leader stops all its duties at the first one. */
  const leads = async () => {
    if (stopped) return false;
    if (await stillLeading()) return !stopped;
    duties.stop();
    return false;
  };

  const pullBackoff = new Backoff({ initialMs: PULL_BACKOFF_INITIAL_MS, factor: 2, maxMs: PULL_BACKOFF_MAX_MS, jitter: 0.2, random });
  let pullRetry: unknown = null;
  const cancelPullRetry = () => {
    if (pullRetry !== null) timers.clearTimeout(pullRetry);
    pullRetry = null;
  };
  const pull = singleFlight(async () => {
    if (!(await leads())) return;
    status.publish({ pulling: true });
    try {
      // A first sync's answers come a few seconds' worth per pull, each pull bringing what changed first.
      let result = await runner.pull(clientId);
      while (result.answersPending && (await leads())) result = await runner.pull(clientId);
      pullBackoff.reset();
      cancelPullRetry();
      status.publish({ pulling: false, lastError: null, unreachable: false, signInRequired: false });
    } catch (error) {
      if (stopped) return;
      console.warn('Pull failed', error);
      status.publish({ pulling: false, ...failureFacts(error) });
      cancelPullRetry();
      if (error instanceof ApiError && error.status === 404) {
        await pullGone(db, onPullNotFound).catch((e: unknown) => console.warn('Could not clear the mirror after a 404', e));
      }
      // Retrying cannot help a refused token or a refused or missing refresh: the next wake (timer,
      // poke, focus, online) tries again.
      if (refreshRetryable(error)) {
        pullRetry = timers.setTimeout(
          () => {
            pullRetry = null;
            void pull();
          },
          retryDelay(pullBackoff.next(), error),
        );
      }
    }
  });

  const guardedApi: ApiClient = {
    async request(method, path, body) {
      if (!(await leads())) throw new NotLeadingError();
      return api.request(method, path, body);
    },
  };
  const drain = new Drain({ db, api: guardedApi, clientId, onApplied: () => void pull(), report: (patch) => status.publish(patch), holderAlive, timers, random });
  // Files first, then the changes that name them: a finished upload lets those go.
  const uploader = upload ? new Uploader({ db, upload, onUploaded: () => void drain.wake(), timers, random }) : null;
  void uploader?.start().catch((error: unknown) => console.warn('The upload queue could not start', error));

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

  const tick = () => {
    if (stopped) return;
    void drain.wake();
    uploader?.resume();
    void pull();
    timer = timers.setTimeout(tick, SYNC_TIMER_MS);
  };
  let timer = timers.setTimeout(tick, SYNC_TIMER_MS);

  const duties: LeaderDuties = {
    pull,
    wake: (force = false) => {
      if (force) uploader?.wake();
      return drain.wake({ force });
    },
    async syncNow() {
      uploader?.wake();
      await drain.wake({ force: true });
      await pull();
    },
    stop() {
      if (stopped) return;
      stopped = true;
      status.stopped = true;
      timers.clearTimeout(timer);
      cancelPullRetry();
      outboxWatch.unsubscribe();
      uploader?.stop();
      drain.stop();
      runner.dispose();
    },
  };
  void pull();
  return duties;
}
