import { sessionStateSchema } from '../../core/schema/session.ts';
import { roleRequiresSection } from '../../core/schema/user.ts';
import { realTimers, type Timers } from '../sync/backoff.ts';
import type { SessionUser } from './session-context.ts';

/** Part 1 §9: the session is checked every 5 seconds. */
export const SESSION_CHECK_MS = 5_000;

/**
 * What a session check found:
 * - `ok`: signed in as the app runs;
 * - `ended`: the sign-in is over (signed out at the provider, in another tab or by the stored user's
 *   removal): sign in again;
 * - `refused`: the server refuses the account (deactivated): start over, and the refused screen says why;
 * - `changed`: the role, admin flag, organization or section changed: start over as what the user is now;
 * - `unknown`: no answer (offline, the server down): keep working from the mirror.
 */
export type SessionVerdict = 'ok' | 'ended' | 'refused' | 'changed' | 'unknown';

export interface SessionCheckDeps {
  /** A usable access token, or null when none can be had now. */
  getAccessToken(): Promise<string | null>;
  /** Whether this device still holds the sign-in (Log Out in another tab removes it). */
  hasStoredUser(): Promise<boolean>;
  fetch?: typeof fetch;
}

/** One check: GET /auth/session with the current token, compared with the user the app runs as. */
export async function checkSession(deps: SessionCheckDeps, user: SessionUser): Promise<SessionVerdict> {
  const token = await deps.getAccessToken();
  if (!token) return (await deps.hasStoredUser()) ? 'unknown' : 'ended';
  let res: Response;
  try {
    res = await (deps.fetch ?? fetch)('/auth/session', { headers: { authorization: `Bearer ${token}` }, cache: 'no-store' });
  } catch {
    return 'unknown';
  }
  // The token had seconds left at least (getAccessToken refreshes before): a 401 is the sign-in's end.
  if (res.status === 401) return 'ended';
  if (res.status === 403) return 'refused';
  if (!res.ok) return 'unknown';
  const state = sessionStateSchema.safeParse(await res.json().catch(() => undefined));
  if (!state.success) return 'unknown';
  const now = state.data;
  const sectionTaken = now.sectionId === null && roleRequiresSection(now.role);
  return now.userId !== user.userId || now.orgId !== user.orgId || now.role !== user.role || now.isAdmin !== user.isAdmin || sectionTaken ? 'changed' : 'ok';
}

export interface WatchOptions {
  check(): Promise<SessionVerdict>;
  /** Called once with the first verdict that is neither ok nor unknown; the watch then stops. */
  onVerdict(verdict: Exclude<SessionVerdict, 'ok' | 'unknown'>): void;
  timers?: Timers;
  /** Checks run only while online and visible (a hidden tab checks when it is shown again). */
  isActive?(): boolean;
  /** Calls `wake` when the tab is shown again or the device comes online; answers an unsubscribe. */
  onWake?(wake: () => void): () => void;
}

const pageActive = () => (typeof navigator === 'undefined' || navigator.onLine) && (typeof document === 'undefined' || document.visibilityState === 'visible');

function wakeEvents(wake: () => void): () => void {
  const onVisibility = () => {
    if (document.visibilityState === 'visible') wake();
  };
  document.addEventListener('visibilitychange', onVisibility);
  window.addEventListener('online', wake);
  return () => {
    document.removeEventListener('visibilitychange', onVisibility);
    window.removeEventListener('online', wake);
  };
}

/** Checks the session every SESSION_CHECK_MS and on wake; answers a stop function. */
export function watchSession({ check, onVerdict, timers = realTimers, isActive = pageActive, onWake = wakeEvents }: WatchOptions): () => void {
  let stopped = false;
  let running = false;
  let timer: unknown = null;

  const run = async () => {
    if (stopped || running || !isActive()) return;
    running = true;
    try {
      const verdict = await check();
      if (stopped || verdict === 'ok' || verdict === 'unknown') return;
      stop();
      onVerdict(verdict);
    } catch (error) {
      console.warn('The session check failed', error);
    } finally {
      running = false;
    }
  };

  const schedule = () => {
    timer = timers.setTimeout(() => {
      timer = null;
      if (stopped) return;
      void run();
      schedule();
    }, SESSION_CHECK_MS);
  };

  const unsubscribe = onWake(() => void run());
  const stop = () => {
    stopped = true;
    if (timer !== null) timers.clearTimeout(timer);
    timer = null;
    unsubscribe();
  };
  schedule();
  return stop;
}
