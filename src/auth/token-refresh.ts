/** Refresh when fewer than this many seconds are left (part 1 §9). */
export const REFRESH_THRESHOLD_SECONDS = 5;

/** Whether a token with `expiresIn` seconds left must be refreshed before use. */
export function needsRefresh(expiresIn: number | undefined): boolean {
  return expiresIn === undefined || expiresIn < REFRESH_THRESHOLD_SECONDS;
}

/**
 * Runs `fn` while holding the refresh lock, so tabs of one browser never race on a rotating refresh
 * token: the second tab waits, then finds the token the first one stored.
 */
export async function underRefreshLock<T>(fn: () => Promise<T>): Promise<T> {
  if (typeof navigator === 'undefined' || !navigator.locks) return fn();
  return navigator.locks.request('fleet-token-refresh', fn) as Promise<T>;
}
