import { LEADER_LOCK_PREFIX } from './constants.ts';

export interface Leadership {
  isLeader(): boolean;
  /** Gives up leadership (or the wait for it); another tab takes over. */
  release(): void;
}

type Locks = Pick<LockManager, 'request'>;

/**
 * Waits for the tab-wide Web Lock and holds it for the tab's life: exactly one tab per mirror pulls and
 * drains, and when it closes the browser hands the lock to the next waiting tab. Without Web Locks
 * (old browsers) every tab leads; the server's idempotent push keeps that safe, just wasteful.
 */
export function requestLeadership(dbName: string, onLead: () => void, locks: Locks | undefined = globalThis.navigator?.locks): Leadership {
  let leading = false;
  let released = false;
  if (!locks) {
    leading = true;
    onLead();
    return {
      isLeader: () => leading && !released,
      release: () => {
        released = true;
      },
    };
  }
  const abort = new AbortController();
  let letGo: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    letGo = resolve;
  });
  locks
    .request(`${LEADER_LOCK_PREFIX}${dbName}`, { signal: abort.signal }, async () => {
      if (released) return;
      leading = true;
      onLead();
      await held;
    })
    .catch((error: unknown) => {
      if (!(error instanceof Error && error.name === 'AbortError')) console.warn('Sync leadership lock failed', error);
    });
  return {
    isLeader: () => leading && !released,
    release: () => {
      if (released) return;
      released = true;
      leading = false;
      abort.abort();
      letGo();
    },
  };
}
