import { useSyncExternalStore } from 'react';
import type { UserManager } from 'oidc-client-ts';
import type { UserRecord } from '../../core/schema/user.ts';
import { roleRequiresSection } from '../../core/schema/user.ts';
import { loadAppConfig, type AppConfig } from './app-config.ts';
import { completeSignIn, createUserManager, sessionUserOf, SIGNIN_CALLBACK_PATH, startSignIn } from './oidc-session.ts';
import { checkSelf, storedRecord, type SelfCheck } from './self-check.ts';
import { createSessionStore, type SessionStore } from './session-store.ts';
import type { SessionUser } from './session-context.ts';
import { isInspectPath } from '../inspect/entry.ts';

export type Boot =
  | { kind: 'loading' }
  | { kind: 'error'; message: string }
  | { kind: 'no-role' | 'inspector' | 'no-section'; config: AppConfig; user: SessionUser; orgName: string; store: SessionStore }
  | { kind: 'refused'; config: AppConfig; message: string; store: SessionStore }
  | { kind: 'app'; config: AppConfig; user: SessionUser; store: SessionStore };

/** The user as the users table knows them, over the token's claims (role and admin may have changed). */
function withRecord(user: SessionUser, record: UserRecord | null): SessionUser {
  if (!record) return user;
  return { ...user, role: record.role, isAdmin: record.isAdmin, givenName: record.firstName, familyName: record.lastName, name: record.fullName };
}

/** Which screen the user gets, from what the server said of them (or this device last heard). */
function decide(config: AppConfig, claims: SessionUser, store: SessionStore, self: SelfCheck): Boot {
  if (self.kind === 'refused') return { kind: 'refused', config, message: self.message, store };
  const user = withRecord(claims, self.record);
  const orgName = self.record?.orgName ?? '';
  if (user.role === null) return { kind: 'no-role', config, user, orgName, store };
  if (user.role === 'inspector') return { kind: 'inspector', config, user, orgName, store };
  if (self.kind === 'no-section' || (self.record && roleRequiresSection(user.role) && self.record.sectionId === null)) {
    return { kind: 'no-section', config, user, orgName, store };
  }
  return { kind: 'app', config, user, store };
}

/** Two decisions show the same screen for the same user (the store and config are the same objects). */
function sameScreen(a: Boot, b: Boot): boolean {
  const shown = (boot: Boot) => JSON.stringify({ ...boot, store: undefined, config: undefined });
  return shown(a) === shown(b);
}

type Publish = (boot: Boot) => void;

/**
 * Asks the server who the user is (a fresh token, GET /auth/users/self) and publishes the screen that
 * follows if it differs from the one shown. A sign-in the provider no longer honours signs in again.
 */
async function verify(manager: UserManager, config: AppConfig, claims: SessionUser, store: SessionStore, shown: Boot | null, publish: Publish): Promise<void> {
  const token = await store.get().getAccessToken();
  if (!token && !(await manager.getUser())) {
    // The provider refused the refresh token: the session is over.
    await startSignIn(manager);
    return;
  }
  const next = decide(config, claims, store, await checkSelf(claims.userId, token));
  if (!shown || !sameScreen(shown, next)) publish(next);
}

/**
 * Starts the app. A user signed in on this device, whose record the server answered here before, sees
 * their screen at once from that record and the mirror, whatever the network does: the checks (the
 * configuration, a fresh token, who the server says the user is) run behind it and change the screen
 * only if they must. Without a kept record (a first start, or after the session watch found a change)
 * the start waits for the server's answer, or starts from the token's claims when offline.
 */
async function boot(publish: Publish): Promise<void> {
  const config = await loadAppConfig();
  document.title = config.productName;
  const manager: UserManager = createUserManager(config);
  if (window.location.pathname === SIGNIN_CALLBACK_PATH) {
    const returnTo = await completeSignIn(manager);
    // The inspection app is a page of its own (its manifest): it is loaded, not routed to.
    if (isInspectPath(returnTo)) return window.location.replace(returnTo);
    window.history.replaceState(null, '', returnTo);
  }
  const stored = await manager.getUser();
  if (!stored) {
    if (!navigator.onLine) return publish({ kind: 'error', message: 'You are offline and not signed in on this device. Connect to sign in.' });
    await startSignIn(manager);
    return;
  }
  const claims = sessionUserOf(stored, config.roleGroupPrefix);
  const store = createSessionStore(manager, claims);
  const kept = storedRecord(claims.userId);
  const shown = kept ? decide(config, claims, store, { kind: 'ok', record: kept }) : null;
  if (shown) publish(shown);
  await verify(manager, config, claims, store, shown, publish);
}

// Boot runs once per page load (the sign-in callback's code can be redeemed only once); every
// component reads the same state.
let state: Boot = { kind: 'loading' };
const listeners = new Set<() => void>();
let started = false;

function publish(next: Boot): void {
  state = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (!started) {
    started = true;
    boot(publish).catch((error: unknown) => {
      // A failed check behind a screen already shown leaves that screen (the session watch goes on).
      if (state.kind === 'loading') publish({ kind: 'error', message: error instanceof Error ? error.message : String(error) });
    });
  }
  return () => listeners.delete(listener);
}

/** Loads the configuration, completes or starts sign-in, and decides which screen the user gets. */
export function useBoot(): Boot {
  return useSyncExternalStore(subscribe, () => state);
}
