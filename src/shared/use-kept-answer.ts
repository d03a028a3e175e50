import { useEffect, useRef, useState } from 'react';
import type { ZodType } from 'zod';
import { fetchAndKeepAnswer, keptAnswerOf, type KeptRead } from '../data/kept-answers/keep.ts';
import { ApiError, OfflineError, SignInRequiredError } from '../sync/errors.ts';
import { useMirror, useServerRead, useSyncFact } from '../sync/react.tsx';

/** Why the server's answer is not the one shown. */
export type AnswerProblem = { kind: 'offline' } | { kind: 'signIn' } | { kind: 'failed'; message: string };

export interface KeptAnswerState<T> {
  /** The answer shown: the server's, fresh or as kept earlier (see `kept.exact` and `kept.fetchedAt`); null before any. */
  kept: KeptRead<T> | null;
  /** The mirror has been read for it: `kept` null now means none was kept. */
  read: boolean;
  /** The server is being asked. */
  fetching: boolean;
  problem: AnswerProblem | null;
}

function problemOf(error: unknown): AnswerProblem {
  if (error instanceof OfflineError) return { kind: 'offline' };
  if (error instanceof SignInRequiredError || (error instanceof ApiError && error.status === 401)) return { kind: 'signIn' };
  return { kind: 'failed', message: error instanceof Error ? error.message : String(error) };
}

/**
 * An answer the server computes (insights, the monthly report) at `key` (path and query; null: none
 * asked yet). The answer kept in the mirror shows at once, that of the same query or else the newest
 * of the call, and the server is asked once per query while online (again when the device comes back
 * online without having asked it); a fresh answer replaces it and is kept. A failed call is not
 * retried (part 2 §8): changing the query asks again.
 */
export function useKeptAnswer<T>(key: string | null, schema: ZodType<T>): KeptAnswerState<T> {
  const db = useMirror();
  const read = useServerRead();
  const online = useSyncFact((s) => s.online);
  const [state, setState] = useState<KeptAnswerState<T>>({ kept: null, read: false, fetching: false, problem: null });
  // The key the server was asked for during this opening (asked once per key).
  const asked = useRef<string | null>(null);

  useEffect(() => {
    asked.current = null;
    if (key === null) return;
    let live = true;
    setState((s) => ({ kept: s.kept, read: false, fetching: false, problem: null }));
    void keptAnswerOf(db, key, schema).then((kept) => {
      if (live) setState((s) => ({ ...s, kept: s.kept?.key === key && s.kept.exact ? s.kept : kept, read: true }));
    });
    return () => {
      live = false;
    };
  }, [db, key, schema]);

  useEffect(() => {
    if (key === null || asked.current === key) return;
    if (!online) {
      setState((s) => ({ ...s, problem: { kind: 'offline' } }));
      return;
    }
    asked.current = key;
    let live = true;
    let settled = false;
    setState((s) => ({ ...s, fetching: true, problem: null }));
    fetchAndKeepAnswer(db, read, key, schema).then(
      (kept) => {
        settled = true;
        if (live) setState({ kept, read: true, fetching: false, problem: null });
      },
      (error: unknown) => {
        settled = true;
        if (!live) return;
        const problem = problemOf(error);
        // Offline is not a failure of the call: it is asked again once the device is back online.
        if (problem.kind === 'offline') asked.current = null;
        setState((s) => ({ ...s, fetching: false, problem }));
      },
    );
    return () => {
      live = false;
      // A call left unanswered is asked again; an answered one is not.
      if (!settled && asked.current === key) asked.current = null;
    };
  }, [db, read, key, schema, online]);

  return state;
}
