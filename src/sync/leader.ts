import { nanoid } from 'nanoid';
import type { MirrorDb } from '../db/mirror.ts';
import { realTimers, type Timers } from './backoff.ts';
import { LEADER_CHECK_MS, LEADER_HEARTBEAT_MS, LEADER_LOCK_PREFIX } from './constants.ts';
import { beat, claimIfStale, readBeat } from './leader-heartbeat.ts';

export interface Leadership {
  isLeader(): boolean;
  /**
   * Whether this tab still leads, checked against the heartbeat in the mirror. A tab that was frozen
   * may run its timers again before it hears that its lock was stolen; when the heartbeat names
   * another leader this answers false and gives the lead up (`onLose`) at once. Duties ask it before
   * each pull and push.
   */
  stillLeading(): Promise<boolean>;
  /** Gives up leadership (or the wait for it); another tab takes over. */
  release(): void;
}

type Locks = Pick<LockManager, 'request'>;

export interface LeadershipOptions {
  /**
   * The mirror the leader beats into and followers watch. Without it a tab leads until it closes, as
   * before heartbeats (a frozen leader is then never replaced).
   */
  db?: MirrorDb;
  /** This tab stopped leading without `release`: another tab took over. Stop every duty now. */
  onLose?(): void;
  timers?: Timers;
  now?(): number;
  /** Only a tab the user can see takes the lead from a silent leader. */
  isVisible?(): boolean;
  /** Calls `check` whenever the user turns to this tab (visible again, focus); answers an unsubscribe. */
  onAttention?(check: () => void): () => void;
  /** Names this tab's terms in the heartbeat (tests); a fresh one per term otherwise. */
  newLeaderId?(): string;
}

const pageVisible = () => typeof document === 'undefined' || document.visibilityState === 'visible';

function attentionEvents(check: () => void): () => void {
  const doc = typeof document === 'undefined' ? undefined : document;
  const win = typeof window === 'undefined' ? undefined : window;
  const onVisibility = () => {
    if (doc?.visibilityState === 'visible') check();
  };
  doc?.addEventListener?.('visibilitychange', onVisibility);
  win?.addEventListener?.('focus', check);
  return () => {
    doc?.removeEventListener?.('visibilitychange', onVisibility);
    win?.removeEventListener?.('focus', check);
  };
}

const isAbort = (error: unknown) => (error as { name?: unknown } | null)?.name === 'AbortError';

/**
 * Waits for the tab-wide Web Lock and holds it while the tab lives: exactly one tab per mirror pulls
 * and drains, and when it closes the browser hands the lock to the next waiting tab.
 *
 * A tab the browser freezes keeps its lock, so with `db` the leader also beats a heartbeat into the
 * mirror every LEADER_HEARTBEAT_MS, and a visible follower that finds it older than LEADER_STALE_MS
 * (on a LEADER_CHECK_MS timer, on focus, on becoming visible) claims the lead in the mirror and takes
 * the lock with `steal`. The deposed tab learns it when it runs again — its lock request rejects, or
 * its next beat or `stillLeading` finds another leader's id — stops its duties (`onLose`) and waits
 * in line as a follower; it does not take the lead back from a leader that beats.
 *
 * Without Web Locks (old browsers) every tab leads; the server's idempotent push keeps that safe,
 * just wasteful.
 */
export function requestLeadership(
  dbName: string,
  onLead: () => void,
  locks: Locks | undefined = globalThis.navigator?.locks,
  options: LeadershipOptions = {},
): Leadership {
  let leading = false;
  let released = false;
  if (!locks) {
    leading = true;
    onLead();
    return {
      isLeader: () => leading && !released,
      stillLeading: async () => leading && !released,
      release: () => {
        released = true;
      },
    };
  }

  const { db, onLose, timers = realTimers, now = Date.now, isVisible = pageVisible, onAttention = attentionEvents, newLeaderId = () => nanoid() } = options;
  const name = `${LEADER_LOCK_PREFIX}${dbName}`;
  /** Counts grants: a request's rejection means "stolen" only for the grant this tab leads by now. */
  let grants = 0;
  /** Ends the lock callback of the current grant, which frees the lock. */
  let letGo: (() => void) | null = null;
  /** The request waiting in line, if any. */
  let waiting: AbortController | null = null;
  /** This term's id in the heartbeat; a follower claims under the id it would lead by. */
  let leaderId = newLeaderId();
  /** Bumped when a term ends, so a beat in flight from an ended term changes nothing. */
  let term = 0;
  let firstBeat: Promise<unknown> = Promise.resolve();
  let beatTimer: unknown = null;
  let watching = false;
  let watchTimer: unknown = null;
  let claiming = false;

  const request = (steal: boolean) => {
    // A steal cannot carry a signal (the API refuses the pair): it is granted at once anyway.
    const controller = steal ? null : new AbortController();
    if (controller) waiting = controller;
    let grant = 0;
    locks
      .request(name, controller ? { signal: controller.signal } : { steal: true }, () => {
        if (controller && waiting === controller) waiting = null;
        if (released) return Promise.resolve();
        grant = ++grants;
        return hold();
      })
      .catch((error: unknown) => {
        if (isAbort(error)) {
          // Either this tab gave up waiting (release, or a takeover replacing the wait), or the lock it
          // held was stolen: only the latter, for the grant it leads by, ends its term.
          if (grant !== 0 && grant === grants) lose();
          return;
        }
        console.warn('Sync leadership lock failed', error);
        // A takeover that failed: wait in line again rather than not at all.
        if (steal && !released && !leading && !waiting) request(false);
      });
  };

  const hold = (): Promise<void> => {
    const held = new Promise<void>((resolve) => {
      letGo = resolve;
    });
    if (!leading) {
      leading = true;
      stopWatching();
      startBeating();
      onLead();
    }
    return held;
  };

  const startBeating = () => {
    if (!db) return;
    const current = term;
    const once = (first: boolean): Promise<unknown> =>
      beat(db, leaderId, now(), first).then(
        (mine) => {
          if (current !== term || !leading) return;
          if (!mine) {
            lose();
            return;
          }
          beatTimer = timers.setTimeout(() => void once(false), LEADER_HEARTBEAT_MS);
        },
        (error: unknown) => {
          console.warn('Could not write the sync heartbeat', error);
          if (current === term && leading) beatTimer = timers.setTimeout(() => void once(false), LEADER_HEARTBEAT_MS);
        },
      );
    firstBeat = once(true);
  };

  const stopBeating = () => {
    term++;
    if (beatTimer !== null) timers.clearTimeout(beatTimer);
    beatTimer = null;
  };

  const lose = () => {
    if (!leading) return;
    leading = false;
    stopBeating();
    leaderId = newLeaderId();
    const free = letGo;
    letGo = null;
    free?.(); // frees the lock if this tab still holds it (it learnt from the heartbeat first)
    onLose?.();
    if (!released) follow();
  };

  /** Follower: wait in line for the lock and watch the leader's heartbeat. */
  const follow = () => {
    request(false);
    startWatching();
  };

  const check = async () => {
    if (!db || released || leading || claiming || !isVisible()) return;
    claiming = true;
    try {
      if (!(await claimIfStale(db, leaderId, now()))) return;
      if (released || leading) return;
      // Leave the line and take the lock from the silent leader.
      waiting?.abort();
      waiting = null;
      request(true);
    } catch (error) {
      console.warn('Could not check the sync leader', error);
    } finally {
      claiming = false;
    }
  };

  const scheduleCheck = () => {
    watchTimer = timers.setTimeout(() => {
      watchTimer = null;
      if (!watching) return;
      void check();
      scheduleCheck();
    }, LEADER_CHECK_MS);
  };

  const startWatching = () => {
    if (!db || watching || released || leading) return;
    watching = true;
    scheduleCheck();
    void check();
  };

  const stopWatching = () => {
    watching = false;
    if (watchTimer !== null) timers.clearTimeout(watchTimer);
    watchTimer = null;
  };

  const stopAttention = db
    ? onAttention(() => {
        if (watching) void check();
      })
    : () => undefined;

  follow();

  return {
    isLeader: () => leading && !released,
    async stillLeading() {
      if (!leading || released) return false;
      if (!db) return true;
      const current = term;
      await firstBeat;
      const stored = await readBeat(db).catch(() => undefined);
      if (current === term && leading && stored && stored.leaderId !== leaderId) lose();
      return leading && !released && current === term;
    },
    release: () => {
      if (released) return;
      released = true;
      leading = false;
      stopBeating();
      stopWatching();
      stopAttention();
      waiting?.abort();
      waiting = null;
      const free = letGo;
      letGo = null;
      free?.();
    },
  };
}
