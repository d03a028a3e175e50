import type { MirrorDb } from '../db/mirror.ts';
import { useLiveQueryFor, useMirror, useSyncFact } from './react.tsx';

/** What a screen shows of a mirror read: loading, the raw error in place of the content (part 1 §8), or the data. */
export type MirrorQuery<T> = { state: 'loading' } | { state: 'error'; message: string } | { state: 'ready'; data: T };

type Outcome<T> = { ok: true; data: T } | { ok: false; message: string };

/**
 * Reads the mirror live (it re-runs when the rows it read change) with the rules every screen shares:
 * loading until the read answers, and while the mirror is still empty before the first pull (so a
 * new device does not flash 'No Data'); a failed read is an error with its raw message.
 */
export function useMirrorQuery<T>(read: (db: MirrorDb) => Promise<T>, deps: readonly unknown[], isEmpty: (data: T) => boolean = defaultEmpty): MirrorQuery<T> {
  const db = useMirror();
  const bootstrapped = useSyncFact((s) => s.bootstrapped);
  // The deps name what is read (a vehicle, a feed): another vehicle's records never show under this one.
  const outcome = useLiveQueryFor(deps, async (): Promise<Outcome<T>> => {
    try {
      return { ok: true, data: await read(db) };
    } catch (error) {
      return { ok: false, message: error instanceof Error ? error.message : String(error) };
    }
  }, [db, ...deps]);
  if (outcome === undefined) return { state: 'loading' };
  if (!outcome.ok) return { state: 'error', message: outcome.message };
  if (!bootstrapped && isEmpty(outcome.data)) return { state: 'loading' };
  return { state: 'ready', data: outcome.data };
}

function defaultEmpty(data: unknown): boolean {
  return Array.isArray(data) && data.length === 0;
}
