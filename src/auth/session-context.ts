import { createContext, useContext } from 'react';
import type { Role } from '../../core/schema/roles.ts';

/** The signed-in user, from the token's claims (part 1 §3 "User (sign-in claims)"). */
export interface SessionUser {
  userId: string;
  orgId: string;
  email: string;
  givenName: string;
  familyName: string;
  name: string;
  role: Role | null;
  isAdmin: boolean;
}

export interface Session {
  user: SessionUser;
  /**
   * False while tokens cannot be refreshed (offline start from a stored user, or a failed refresh):
   * the app works from the mirror and says "Sign in to sync".
   */
  canSync: boolean;
  /** A valid access token, refreshed when fewer than 5 s are left; null when none can be had now. */
  getAccessToken(): Promise<string | null>;
  /** Starts the sign-in redirect again (the "Sign in to sync" action). */
  signIn(): Promise<void>;
  /** Ends the session at the provider, clears local caches of this user, and goes to sign-in. */
  signOut(options?: { clearCaches?: boolean }): Promise<void>;
}

export const SessionContext = createContext<Session | null>(null);

/** The current session; only used below the session gate, where there always is one. */
export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession is used outside the signed-in app');
  return session;
}
