import type { ZodType } from 'zod';
import { liveQuery } from 'dexie';
import type { LiveEvent } from '../../core/schema/live-event.ts';
import type { StreamMessage } from '../../core/schema/stream.ts';
import type { Session } from '../auth/session-context.ts';
import type { MirrorDb, OutboxEntry } from '../db/mirror.ts';
import { createApiClient, type ApiClient } from './api.ts';
import type { Timers } from './backoff.ts';
import { SYNC_NOW_CHANNEL_PREFIX } from './constants.ts';
import { FleetUpdates } from './fleet-updates.ts';
import { requestLeadership } from './leader.ts';
import { ensureClientId, startLeaderDuties, type LeaderDuties } from './leader-duties.ts';
import { mutate, type Mutator } from './mutator.ts';
import { holdersDrain, openTabs } from './held.ts';
import { createPullRunner } from './pull-runner.ts';
import { upgradeOutbox } from './upgrade.ts';
import { createUploadTransport, type UploadFile } from './upload-transport.ts';
import { sameSet, watchSharedState } from './shared-state.ts';
import { deriveSyncStatus, INITIAL_SHARED_FACTS, type SharedSyncFacts, type SyncStatus } from './status.ts';
import { shallowEqual, Store, type ReadableStore } from './store.ts';
import { LiveStream, type StreamSocket } from './stream.ts';

export interface SyncEngine {
  readonly db: MirrorDb;
  readonly status: ReadableStore<SyncStatus>;
  readonly fleetUpdates: FleetUpdates;
  /** Rows with outbox entries not yet acked, as `table:id`. */
  readonly touchedRows: ReadableStore<ReadonlySet<string>>;
  isLeader(): boolean;
  /** Writes the optimistic change and its outbox entry, then wakes the drain. */
  mutate<A>(mutator: Mutator<A>, args: A): Promise<OutboxEntry>;
  /** Pushes and pulls now (in a follower tab: asks the leading tab to). */
  syncNow(): Promise<void>;
  /**
   * Reads an answer only the server has (an AF1800 month older than the mirror holds, a report),
   * checked against its schema. Throws OfflineError without a network, ApiError with the server's word.
   */
  read<T>(path: string, schema: ZodType<T>): Promise<T>;
  /** Ends everything this tab runs for sync (sign-out); the mirror itself stays open. */
  stop(): void;
}

export interface StartSyncOptions {
  db: MirrorDb;
  session: Pick<Session, 'user' | 'canSync' | 'getAccessToken'>;
  /** The API's origin; '' for the page's own. */
  baseUrl: string;
  /** Inspectors get no stream ticket (part 1 §7), so they open no stream. */
  isInspector: boolean;
  /** A product call answered 403: clear caches, go to / and reload. */
  onForbidden(): void;
  /**
   * The pull was answered 404 (part 1 §8 "404 on a refresh URL"): the mirror's data is cleared by then
   * (leader-duties.ts `pullGone`); go to /. Default: `onForbidden`, the same start-over.
   */
  onPullNotFound?(): void;
  /** Seams for tests: an API, an upload transport, a Web Locks stand-in (null: none), a socket factory, timers. */
  api?: ApiClient;
  upload?: UploadFile;
  locks?: Pick<LockManager, 'request'> | null;
  openSocket?: (url: string) => StreamSocket;
  timers?: Timers;
}

/** Event times may carry any UTC offset; comparing by date a day early keeps the index query safe. */
const OFFSET_MARGIN_MS = 24 * 60 * 60 * 1000;

const withoutId = ({ id: _id, ...event }: LiveEvent & { id: string }): LiveEvent => event as LiveEvent;

export function startSync(options: StartSyncOptions): SyncEngine {
  const { db, session, baseUrl, isInspector, onForbidden } = options;
  const api = options.api ?? createApiClient({ baseUrl, getAccessToken: () => session.getAccessToken(), onForbidden });
  const upload =
    options.upload ??
    (typeof XMLHttpRequest === 'undefined' ? undefined : createUploadTransport({ baseUrl, getAccessToken: () => session.getAccessToken(), onForbidden }));
  const fleetUpdates = new FleetUpdates();
  const touchedRows = new Store<ReadonlySet<string>>(new Set());
  let browserOnline = globalThis.navigator?.onLine ?? true;
  let shared: SharedSyncFacts = INITIAL_SHARED_FACTS;
  const derive = () => deriveSyncStatus({ browserOnline, canSync: session.canSync, streamConnected: fleetUpdates.get().connected }, shared);
  const status = new Store<SyncStatus>(derive());
  const refresh = () => {
    const next = derive();
    if (!shallowEqual(next, status.get())) status.set(next);
  };

  let stopped = false;
  let duties: LeaderDuties | null = null;
  const cleanups: (() => void)[] = [];

  const sharedWatch = watchSharedState(db, (state) => {
    shared = state.facts;
    if (!sameSet(state.touched, touchedRows.get())) touchedRows.set(state.touched);
    refresh();
  });
  cleanups.push(() => sharedWatch.unsubscribe());

  const onMessage = (message: StreamMessage) => {
    if (message.type === 'event') fleetUpdates.add(message.event);
    else void duties?.pull(); // pokes matter to the leader only: followers see its pull in the mirror
  };
  const stream = isInspector
    ? null
    : new LiveStream({
        api,
        baseUrl,
        onMessage,
        onOpen: () => {
          void duties?.pull();
          void duties?.wake(true);
        },
        onConnectedChange: (connected) => {
          fleetUpdates.setConnected(connected);
          refresh();
        },
        openSocket: options.openSocket,
        timers: options.timers,
      });
  if (stream) {
    stream.start();
    cleanups.push(() => stream.stop());
    // Events that reached the mirror by pull while the stream was down join the panel; those from
    // before this tab opened do not (the panel starts empty, part 1 §2).
    const since = Date.now();
    const fromDay = new Date(since - OFFSET_MARGIN_MS).toISOString().slice(0, 10);
    const backfill = liveQuery(() => db.feed('liveEvents').where('eventTime').aboveOrEqual(fromDay).toArray()).subscribe({
      next: (rows) => fleetUpdates.add(...rows.filter((r) => Date.parse(r.eventTime) > since).map(withoutId)),
      error: (error: unknown) => console.warn('Fleet Updates watch failed', error),
    });
    cleanups.push(() => backfill.unsubscribe());
  }

  const mutationContext = { userId: session.user.userId, orgId: session.user.orgId };
  const tabs = openTabs(options.locks === null ? undefined : (options.locks ?? globalThis.navigator?.locks));
  cleanups.push(() => tabs.close());
  // Changes holding a secret are sent by this tab, which alone keeps the secret (src/sync/secrets.ts).
  const sendHeld = holdersDrain(db, api, () => {
    if (duties) void duties.pull();
    else channel?.postMessage('sync');
  });
  cleanups.push(() => sendHeld.stop());

  const leadership = requestLeadership(
    db.name,
    () => {
      void (async () => {
        const clientId = await ensureClientId(db);
        await upgradeOutbox(db, mutationContext);
        if (stopped || duties || !leadership.isLeader()) return; // stopped, or lost the lead meanwhile
        const runner = createPullRunner({ db, api, baseUrl, getAccessToken: () => session.getAccessToken(), onForbidden });
        duties = startLeaderDuties({
          db,
          api,
          clientId,
          runner,
          stillLeading: () => leadership.stillLeading(),
          timers: options.timers,
          holderAlive: tabs.isOpen,
          upload,
          onPullNotFound: options.onPullNotFound ?? onForbidden,
        });
      })().catch((error: unknown) => console.error('Could not start leading sync', error));
    },
    options.locks === null ? undefined : (options.locks ?? globalThis.navigator?.locks),
    // Another tab took the lead (this one was frozen): stop pulling and draining here at once.
    {
      db,
      timers: options.timers,
      onLose: () => {
        duties?.stop();
        duties = null;
        // Changes whose secret only this tab keeps are this tab's to send still (the new leader skips
        // them while this tab is open); the stopped duties' retry of them is gone with them.
        void sendHeld.wake();
      },
    },
  );
  cleanups.push(() => {
    leadership.release();
    duties?.stop();
    duties = null;
  });

  const channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(`${SYNC_NOW_CHANNEL_PREFIX}${db.name}`);
  if (channel) {
    channel.onmessage = () => void duties?.syncNow();
    cleanups.push(() => channel.close());
  }

  const listen = (target: EventTarget | undefined, type: string, handler: () => void) => {
    if (!target?.addEventListener) return;
    target.addEventListener(type, handler);
    cleanups.push(() => target.removeEventListener(type, handler));
  };
  const win = typeof window === 'undefined' ? undefined : window;
  const doc = typeof document === 'undefined' ? undefined : document;
  // Connectivity and attention signals: retry now rather than waiting out any backoff.
  const retryNow = () => {
    void duties?.wake(true);
    if (!duties) void sendHeld.wake();
    if (!fleetUpdates.get().connected) void duties?.pull();
    stream?.retryNow();
  };
  listen(win, 'online', () => {
    browserOnline = true;
    refresh();
    retryNow();
  });
  listen(win, 'offline', () => {
    browserOnline = false;
    refresh();
  });
  listen(win, 'focus', retryNow);
  listen(doc, 'visibilitychange', () => {
    if (doc?.visibilityState === 'visible') retryNow();
  });

  return {
    db,
    status,
    fleetUpdates,
    touchedRows,
    isLeader: () => duties !== null,
    async mutate(mutator, args) {
      const entry = await mutate(db, mutator, args, mutationContext);
      // Mark the rows pending now rather than when the live query catches up, which it then confirms.
      const touched = new Set(touchedRows.get());
      for (const key of entry.touches) touched.add(key);
      if (!sameSet(touched, touchedRows.get())) touchedRows.set(touched);
      if (entry.state === 'held' && !duties) void sendHeld.wake();
      else void duties?.wake();
      return entry;
    },
    async read(path, schema) {
      return schema.parse(await api.request('GET', path));
    },
    async syncNow() {
      if (duties) await duties.syncNow();
      else channel?.postMessage('sync');
    },
    stop() {
      if (stopped) return;
      stopped = true;
      for (const cleanup of cleanups.splice(0).reverse()) cleanup();
    },
  };
}
