import { createContext, useCallback, useContext, useMemo, useSyncExternalStore, type ReactNode } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import type { LiveEvent } from '../../core/schema/live-event.ts';
import type { Session } from '../auth/session-context.ts';
import type { MirrorDb, OutboxEntry, RejectedEntry } from '../db/mirror.ts';
import type { SyncEngine } from './engine.ts';
import type { Mutator } from './mutator.ts';
import type { SyncStatus } from './status.ts';
import { countWaiting } from './waiting.ts';

export { useLiveQuery };

/** A live read's last result, and whether it was read for the key asked now. */
export interface KeyedRead<T> {
  value: T;
  /** false right after the key changed, until the read for the new key answers: `value` is the old key's. */
  current: boolean;
}

/**
 * A live read of the mirror for what `key` names (a vehicle, an inspection, a tab's scope), as
 * `useLiveQuery` reads (again whenever what it read changes), whose result says whether it was read for
 * the key asked now. `useLiveQuery` keeps its last result when its deps change, so a screen showed the
 * previous vehicle's records under the next one's header, long enough to act on them. `deps` may hold
 * more than the key (a hint the read uses): a change of those reads again, and the last result stays
 * current meanwhile. Screens that show nothing of the old key read through `useLiveQueryFor`; one that
 * keeps its frame (the Overview's tabs) shows a loader where `current` is false.
 */
export function useKeyedLiveQuery<T>(key: readonly unknown[], querier: () => Promise<T> | T, deps: readonly unknown[]): KeyedRead<T> | undefined {
  // The key travels with the result of the read made for it.
  const read = useLiveQuery(async () => ({ key, value: await querier() }), [...deps]);
  return read === undefined ? undefined : { value: read.value, current: sameKey(read.key, key) };
}

/**
 * `useKeyedLiveQuery`'s value only while it is the current key's: undefined (loading) from a change of
 * the key until the read for the new one has answered.
 */
export function useLiveQueryFor<T>(key: readonly unknown[], querier: () => Promise<T> | T, deps: readonly unknown[]): T | undefined {
  const read = useKeyedLiveQuery(key, querier, deps);
  return read?.current ? read.value : undefined;
}

function sameKey(a: readonly unknown[], b: readonly unknown[]): boolean {
  return a.length === b.length && a.every((value, i) => Object.is(value, b[i]));
}

interface SyncContextValue {
  db: MirrorDb;
  engine: SyncEngine;
  session: Session;
}

const SyncContext = createContext<SyncContextValue | null>(null);

export function SyncProvider({ db, engine, session, children }: { db: MirrorDb; engine: SyncEngine; session: Session; children: ReactNode }) {
  const value = useMemo(() => ({ db, engine, session }), [db, engine, session]);
  return <SyncContext.Provider value={value}>{children}</SyncContext.Provider>;
}

function useSync(): SyncContextValue {
  const value = useContext(SyncContext);
  if (!value) throw new Error('Sync hooks are used outside <SyncProvider>');
  return value;
}

/** Reads from the server what the mirror does not hold (SyncEngine.read). */
export function useServerRead(): SyncEngine['read'] {
  const { engine } = useSync();
  return useCallback((path, schema) => engine.read(path, schema), [engine]);
}

/** The signed-in user's mirror: read it with useLiveQuery. */
export function useMirror(): MirrorDb {
  return useSync().db;
}

/** The whole sync status: the component renders again whenever any of it changes (every pull, every step of a first sync). */
export function useSyncStatus(): SyncStatus {
  const { status } = useSync().engine;
  return useSyncExternalStore(status.subscribe, status.get);
}

/**
 * One fact of the sync status, such as whether the device is online: the component renders again only
 * when that fact changes, not with every pull or step of a first sync, whose renders of the screens
 * (synchronous, as every store update is) made tasks of up to 80 ms during a first sync.
 */
export function useSyncFact<T extends boolean | number | string | null>(select: (status: SyncStatus) => T): T {
  const { status } = useSync().engine;
  return useSyncExternalStore(status.subscribe, () => select(status.get()));
}

export function useFleetUpdates(): { events: LiveEvent[]; connected: boolean; dismiss(eventId: string): void; clearAll(): void } {
  const { fleetUpdates } = useSync().engine;
  const state = useSyncExternalStore(fleetUpdates.subscribe, fleetUpdates.get);
  return { events: state.events, connected: state.connected, dismiss: fleetUpdates.dismiss, clearAll: fleetUpdates.clearAll };
}

const NO_REJECTED: RejectedEntry[] = [];

/** Changes the server refused, newest first, until the user dismisses them. */
export function useRejected(): RejectedEntry[] {
  const db = useMirror();
  return useLiveQuery(() => db.rejected.orderBy('rejectedAt').reverse().toArray(), [db], NO_REJECTED);
}

export function dismissRejected(db: MirrorDb, id: string): Promise<void> {
  return db.rejected.delete(id);
}

/**
 * Makes a change: shown at once, sent when the device can. Answers its outbox entry (its id lets a
 * dialog wait for the server's verdict). Throws InvalidMutationError on bad input.
 */
export function useMutate(): <A>(mutator: Mutator<A>, args: A) => Promise<OutboxEntry> {
  const { engine } = useSync();
  return useCallback(<A,>(mutator: Mutator<A>, args: A) => engine.mutate(mutator, args), [engine]);
}

/** True while an outbox entry (not yet acked) touches the row, e.g. usePending(`users:${userId}`). */
export function usePending(key: string): boolean {
  const { touchedRows } = useSync().engine;
  return useSyncExternalStore(touchedRows.subscribe, () => touchedRows.get().has(key));
}

/** How many changes made on this device the server does not have yet (pending or held), live. */
export function useWaitingCount(): number {
  const db = useMirror();
  return useLiveQuery(() => countWaiting(db), [db], 0);
}

/** Sends and pulls now (in a follower tab: asks the leading tab to). */
export function useSyncNow(): () => Promise<void> {
  const { engine } = useSync();
  return useCallback(() => engine.syncNow(), [engine]);
}
