import type { UserManager } from 'oidc-client-ts';
import { mirrorName } from '../db/mirror.ts';
import { clearMirrorData } from '../sync/waiting.ts';
import { accessToken, startSignIn } from './oidc-session.ts';
import type { Session, SessionUser } from './session-context.ts';

/** Caches the browser keeps for a user besides the mirror: pictures and documents seen. */
const FILE_CACHES = ['fleet-files'];

export interface SessionStore {
  get(): Session;
  subscribe(listener: () => void): () => void;
  /** Runs before caches are cleared on sign-out (the app stops sync first). */
  onBeforeSignOut(fn: () => Promise<void> | void): void;
}

/**
 * The session the app runs on: the user from the stored sign-in, tokens on demand, and whether sync
 * can run (false while tokens cannot be refreshed). Local work goes on either way.
 */
export function createSessionStore(manager: UserManager, user: SessionUser): SessionStore {
  const listeners = new Set<() => void>();
  let beforeSignOut: () => Promise<void> | void = () => undefined;
  let canSync = true;
  let session: Session;

  const setCanSync = (value: boolean) => {
    if (value === canSync) return;
    canSync = value;
    session = build();
    for (const l of listeners) l();
  };

  const build = (): Session => ({
    user,
    canSync,
    async getAccessToken() {
      const outcome = await accessToken(manager);
      setCanSync(outcome.kind === 'token');
      return outcome.kind === 'token' ? outcome.token : null;
    },
    signIn: () => startSignIn(manager),
    async signOut({ clearCaches = false } = {}) {
      await beforeSignOut();
      const stored = await manager.getUser();
      if (clearCaches) {
        await clearMirrorData(mirrorName(user.userId, user.orgId));
        if ('caches' in window) await Promise.all(FILE_CACHES.map((c) => caches.delete(c)));
      }
      await manager.removeUser();
      if (navigator.onLine && stored?.id_token) {
        try {
          await manager.signoutRedirect({ id_token_hint: stored.id_token });
          return;
        } catch {
          // the provider is unreachable: the local sign-out stands
        }
      }
      window.location.assign('/');
    },
  });
  session = build();

  return {
    get: () => session,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    onBeforeSignOut(fn) {
      beforeSignOut = fn;
    },
  };
}
