import { useEffect, useState } from 'react';
import type { UserManager } from 'oidc-client-ts';
import type { UserRecord } from '../../core/schema/user.ts';
import { roleRequiresSection } from '../../core/schema/user.ts';
import { loadAppConfig, type AppConfig } from './app-config.ts';
import { completeSignIn, createUserManager, sessionUserOf, SIGNIN_CALLBACK_PATH, startSignIn } from './oidc-session.ts';
import { checkSelf } from './self-check.ts';
import { createSessionStore, type SessionStore } from './session-store.ts';
import type { SessionUser } from './session-context.ts';

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

async function boot(): Promise<Boot | 'redirecting'> {
  const config = await loadAppConfig();
  document.title = config.productName;
  const manager: UserManager = createUserManager(config);
  if (window.location.pathname === SIGNIN_CALLBACK_PATH) {
    const returnTo = await completeSignIn(manager);
    window.history.replaceState(null, '', returnTo);
  }
  const stored = await manager.getUser();
  if (!stored) {
    if (!navigator.onLine) return { kind: 'error', message: 'You are offline and not signed in on this device. Connect to sign in.' };
    await startSignIn(manager);
    return 'redirecting';
  }
  const claims = sessionUserOf(stored, config.roleGroupPrefix);
  const store = createSessionStore(manager, claims);
  const token = await store.get().getAccessToken();
  if (!token && !(await manager.getUser())) {
    // The provider refused the refresh token: the session is over.
    await startSignIn(manager);
    return 'redirecting';
  }
  const self = await checkSelf(claims.userId, token);
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

// Boot runs once per page load: the sign-in callback's code can be redeemed only once.
let booting: Promise<Boot | 'redirecting'> | undefined;

/** Loads the configuration, completes or starts sign-in, and decides which screen the user gets. */
export function useBoot(): Boot {
  const [state, setState] = useState<Boot>({ kind: 'loading' });
  useEffect(() => {
    let live = true;
    booting ??= boot();
    booting.then(
      (result) => live && result !== 'redirecting' && setState(result),
      (error: unknown) => live && setState({ kind: 'error', message: error instanceof Error ? error.message : String(error) }),
    );
    return () => {
      live = false;
    };
  }, []);
  return state;
}
