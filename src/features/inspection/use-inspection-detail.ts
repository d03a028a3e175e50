import { useCallback, useEffect, useRef, useState } from 'react';
import { fetchAndKeepInspection } from '../../data/inspections/keep.ts';
import { inspectionViewOf, type InspectionView } from '../../data/inspections/queries.ts';
import { ApiError, OfflineError, SignInRequiredError } from '../../sync/errors.ts';
import { useLiveQueryFor, useMirror, useServerRead, useSyncFact } from '../../sync/react.tsx';

/** Where the fetch of an older inspection's results stands (they are not in the mirror, nor kept). */
export type ResultsFetch =
  | { state: 'fetching' }
  /** No network, or the server cannot be reached: it is tried again once the device is back online. */
  | { state: 'offline' }
  | { state: 'signIn' }
  | { state: 'failed'; message: string };

export type InspectionDetailState =
  | { state: 'loading' }
  | { state: 'missing' }
  /** `fetch` is set only while the results are not on the device. */
  | { state: 'found'; view: InspectionView; fetch: ResultsFetch | null; retry(): void };

export const RESULTS_NOT_FOUND = "This inspection's results were not found on the server.";

function fetchFailure(error: unknown): ResultsFetch {
  if (error instanceof OfflineError) return { state: 'offline' };
  if (error instanceof SignInRequiredError || (error instanceof ApiError && error.status === 401)) return { state: 'signIn' };
  if (error instanceof ApiError && error.status === 404) return { state: 'failed', message: RESULTS_NOT_FOUND };
  return { state: 'failed', message: error instanceof Error ? error.message : String(error) };
}

/**
 * One inspection for the detail screen, read live from the mirror (inspectionViewOf). An inspection
 * older than the mirror keeps details of has no results there: they are fetched from the server and
 * kept (src/data/inspections/keep.ts), at once when online, else as soon as the device is back online.
 * A kept copy is shown at once and refreshed once per opening while online, quietly: a failed refresh
 * leaves it as it was.
 */
export function useInspectionDetail(inspectionId: string, regNumber?: string): InspectionDetailState {
  const db = useMirror();
  const read = useServerRead();
  const online = useSyncFact((s) => s.online);
  const bootstrapped = useSyncFact((s) => s.bootstrapped);
  const view = useLiveQueryFor([inspectionId], () => inspectionViewOf(db, inspectionId, regNumber), [db, inspectionId, regNumber]);
  const [fetch, setFetch] = useState<ResultsFetch | null>(null);
  const [attempt, setAttempt] = useState(0);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  // The inspection fetched (or refreshed) during this opening: its kept copy needs no refresh.
  const fresh = useRef<string | null>(null);
  // The last attempt the effect saw: 'Try again' asks the server even when the device thinks it is offline.
  const tried = useRef(0);

  const vehicleId = view?.header.vehicleId ?? null;
  const source = view === undefined || view === null ? null : (view.source ?? 'none');

  useEffect(() => {
    if (!vehicleId || source === null || source === 'mirror') {
      setFetch(null);
      return;
    }
    if (source === 'kept') {
      setFetch(null);
      if (!online || fresh.current === inspectionId) return;
      fresh.current = inspectionId;
      void fetchAndKeepInspection(db, read, vehicleId, inspectionId).catch(() => undefined);
      return;
    }
    const asked = attempt !== tried.current;
    tried.current = attempt;
    if (!online && !asked) {
      setFetch({ state: 'offline' });
      return;
    }
    let live = true;
    // What this fetch keeps is fresh: it needs no refresh when it shows.
    fresh.current = inspectionId;
    setFetch({ state: 'fetching' });
    fetchAndKeepInspection(db, read, vehicleId, inspectionId).then(
      () => {
        if (live) setFetch(null);
      },
      (error: unknown) => {
        if (live) setFetch(fetchFailure(error));
      },
    );
    return () => {
      live = false;
    };
  }, [db, read, inspectionId, vehicleId, source, online, attempt]);

  if (view === undefined) return { state: 'loading' };
  if (view === null) return bootstrapped ? { state: 'missing' } : { state: 'loading' };
  return { state: 'found', view, fetch: view.results === null ? (fetch ?? { state: 'fetching' }) : null, retry };
}
