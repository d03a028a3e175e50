import type { UserManager } from 'oidc-client-ts';
import { mirrorName } from '../db/mirror.ts';
import { clearMirrorData } from '../sync/waiting.ts';
import { accessToken, startSignIn, storedUserOf } from './oidc-session.ts';
import type { Session, SessionUser } from './session-context.ts';

/** Caches the browser keeps for a user besides the mirror: pictures and documents seen. */
const FILE_CACHES = ['fleet-files'];

export interface SessionStore {
  get(): Session;
  subscribe(listener: () => void): () => void;
  /** Runs before caches are cleared on sign-out (the app stops sync first). */
  onBeforeSignOut(fn: () => Promise<void> | void): void;
  /** Whether a sign-out has begun here (it ends in a redirect). */
  isSigningOut(): boolean;
  /** Whether this device still holds this user's sign-in (Log Out in another tab removes it, another user's sign-in replaces it). */
  hasStoredUser(): Promise<boolean>;
  /**
   * The sign-in ended elsewhere (at the provider, another tab): forget it here and sign in again.
   * Local data and waiting changes stay for the next sign-in.
   */
  signInAgain(): Promise<void>;
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
  let signingOut: Promise<void> | undefined;

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
      const outcome = await accessToken(manager, user.userId);
      setCanSync(outcome.kind === 'token');
      return outcome.kind === 'token' ? outcome.token : null;
    },
    signIn: () => startSignIn(manager),
    // Once, however many callers (Log Out, the Modify User dialog after an own role change).
    signOut: (options) =>
      (signingOut ??= signOut(options).catch((error: unknown) => {
        signingOut = undefined; // failed: a later Log Out tries again
        throw error;
      })),
  });

  const signOut = async ({ clearCaches = false }: { clearCaches?: boolean } = {}) => {
    await beforeSignOut();
    const stored = await storedUserOf(manager, user.userId);
    if (clearCaches) {
      await clearMirrorData(mirrorName(user.userId, user.orgId));
      if ('caches' in window) await Promise.all(FILE_CACHES.map((c) => caches.delete(c)));
    }
    // Another user's sign-in, made in another tab since, is theirs to keep.
    if (stored) await manager.removeUser();
    if (navigator.onLine && stored?.id_token) {
      try {
        await manager.signoutRedirect({ id_token_hint: stored.id_token });
        return;
      } catch {
        // the provider is unreachable: the local sign-out stands
      }
    }
    window.location.assign('/');
  };
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
    isSigningOut: () => signingOut !== undefined,
    hasStoredUser: async () => (await storedUserOf(manager, user.userId)) !== null,
    async signInAgain() {
      await beforeSignOut();
      // Another user's sign-in, made in another tab since, is theirs to keep.
      if (await storedUserOf(manager, user.userId)) await manager.removeUser();
      await startSignIn(manager);
    },
  };
}
