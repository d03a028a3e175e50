import type { MirrorDb } from '../db/mirror.ts';
import type { ApiClient } from './api.ts';
import { Drain } from './drain.ts';
import { ensureClientId } from './leader-duties.ts';
import { TAB_ID, TAB_LOCK_PREFIX } from './secrets.ts';

type Locks = Pick<LockManager, 'request' | 'query'>;

export interface OpenTabs {
  /** Whether the tab that holds a held entry's secret is still open. */
  isOpen(holder: string): Promise<boolean>;
  close(): void;
}

/**
 * This tab holds a Web Lock named after it for its life, so the leading tab can tell a held entry
 * whose tab closed (its secret is gone with it) from one whose tab is about to send it. Without Web
 * Locks only this tab is known to be open.
 */
export function openTabs(locks: Partial<Locks> | undefined): OpenTabs {
  if (!locks?.request || !locks.query) return { isOpen: async (holder) => holder === TAB_ID, close: () => undefined };
  const abort = new AbortController();
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  locks.request(`${TAB_LOCK_PREFIX}${TAB_ID}`, { signal: abort.signal }, () => held).catch(() => undefined);
  const query = locks.query.bind(locks);
  return {
    async isOpen(holder) {
      if (holder === TAB_ID) return true;
      const state = await query();
      return (state.held ?? []).some((lock) => lock.name === `${TAB_LOCK_PREFIX}${holder}`);
    },
    close() {
      abort.abort();
      release();
    },
  };
}

/** The drain of a tab that does not lead: it sends only the held entries whose secrets it keeps. */
export function holdersDrain(db: MirrorDb, api: ApiClient, onApplied: () => void): { wake(): Promise<void>; stop(): void } {
  let drain: Drain | null = null;
  let stopped = false;
  return {
    async wake() {
      if (stopped) return;
      drain ??= new Drain({ db, api, clientId: await ensureClientId(db), heldOnly: true, onApplied, report: () => undefined });
      await drain.wake({ force: true });
    },
    stop() {
      stopped = true;
      drain?.stop();
    },
  };
}
