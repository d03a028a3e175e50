import { ErrorResponse, UserManager, WebStorageStateStore, type User } from 'oidc-client-ts';
import { isAdminFromGroups, roleFromGroups } from '../../core/rules/identity.ts';
import type { AppConfig } from './app-config.ts';
import type { SessionUser } from './session-context.ts';
import { needsRefresh, underRefreshLock } from './token-refresh.ts';

export const SIGNIN_CALLBACK_PATH = '/signin-callback';
export const SIGN_IN_STATE_SECONDS = 60 * 60;

/** Where to return after sign-in, kept in the request's state. */
interface SigninState {
  returnTo: string;
}

export function createUserManager(config: AppConfig): UserManager {
  const origin = window.location.origin;
  return new UserManager({
    authority: config.oidc.authority,
    client_id: config.oidc.clientId,
    redirect_uri: `${origin}${SIGNIN_CALLBACK_PATH}`,
    post_logout_redirect_uri: `${origin}/`,
    response_type: 'code',
    scope: 'openid profile email offline_access',
    // The stored user lets the installed app open offline; tabs share it.
    userStore: new WebStorageStateStore({ store: window.localStorage }),
    automaticSilentRenew: false,
    loadUserInfo: false,
    // The provider has no session iframe: the app checks the session itself (session-watch.ts).
    monitorSession: false,
    // Part 1 §9: a sign-in under way is kept 60 minutes (the library's default is 15).
    staleStateAgeInSeconds: SIGN_IN_STATE_SECONDS,
  });
}

/** The user as the product sees them, from the ID token's claims (part 1 §3). */
export function sessionUserOf(user: User, roleGroupPrefix: string): SessionUser {
  const p = user.profile as Record<string, unknown>;
  const groups = Array.isArray(p.groups) ? (p.groups.filter((g) => typeof g === 'string') as string[]) : [];
  const givenName = typeof p.given_name === 'string' ? p.given_name : '';
  const familyName = typeof p.family_name === 'string' ? p.family_name : '';
  return {
    userId: String(p.sub),
    orgId: typeof p.org_id === 'string' ? p.org_id : '',
    email: typeof p.email === 'string' ? p.email : '',
    givenName,
    familyName,
    name: typeof p.name === 'string' ? p.name : `${givenName} ${familyName}`.trim(),
    role: roleFromGroups(groups, roleGroupPrefix),
    isAdmin: isAdminFromGroups(groups),
  };
}

export async function startSignIn(manager: UserManager, returnTo = window.location.pathname + window.location.search): Promise<void> {
  await manager.signinRedirect({ state: { returnTo } satisfies SigninState });
}

/**
 * Completes the redirect back from the provider; answers the path to go to. An ID token whose nonce is
 * not the one this sign-in sent is refused (oidc-client-ts never stores it), and the stored sign-in is
 * cleared too (part 1 §8 "invalid nonce clears the token"): no token stays from a sign-in that failed so.
 */
export async function completeSignIn(manager: UserManager): Promise<string> {
  let user: User;
  try {
    user = await manager.signinRedirectCallback();
  } catch (error) {
    if (error instanceof Error && /\bnonce\b/i.test(error.message)) await manager.removeUser();
    throw error;
  }
  const state = user.state as Partial<SigninState> | undefined;
  const returnTo = typeof state?.returnTo === 'string' && state.returnTo.startsWith('/') ? state.returnTo : '/';
  return returnTo === SIGNIN_CALLBACK_PATH ? '/' : returnTo;
}

export type TokenOutcome =
  | { kind: 'token'; token: string }
  /** The network or the provider could not be reached: keep working offline. */
  | { kind: 'unreachable' }
  /** The provider refused the refresh token (expired, revoked, user deactivated): sign in again. */
  | { kind: 'signed-out' };

/**
 * The stored sign-in, if it is `userId`'s. Tabs share it (localStorage): after a Log Out in one tab and
 * another user's sign-in there, a tab still open on the first user's mirror must not take the second
 * user's tokens, or it would send the first user's waiting changes as the second and pull the second
 * user's data into the first one's mirror.
 */
export async function storedUserOf(manager: UserManager, userId: string): Promise<User | null> {
  const stored = await manager.getUser();
  return stored && String(stored.profile.sub) === userId ? stored : null;
}

/**
 * The token endpoint's refusals (RFC 6749 §5.2, answered 400, invalid_client 401): the refresh can
 * never succeed. oidc-client-ts keeps the body's `error`, not the status, so the codes stand for the 400.
 * Anything else (server_error, temporarily_unavailable, a 5xx without a code, the network) may pass.
 */
const REFRESH_REFUSALS = new Set(['invalid_grant', 'invalid_request', 'invalid_client', 'unauthorized_client', 'unsupported_grant_type', 'invalid_scope']);

/**
 * A usable access token for `userId`: the stored one when more than 5 s are left, else a refreshed
 * one. The refresh runs under a Web Lock and re-reads the stored user inside it, so only one tab
 * spends the rotating refresh token. Only a refusal by the token endpoint (part 1 §8 "token refresh
 * fails with 400": invalid_grant and the other RFC 6749 codes) ends the session: the stored sign-in is
 * removed (the mirror and its outbox stay) and the session watch starts the sign-in. Any other failure,
 * the network or a provider's server error, is "unreachable" and the app goes on offline.
 */
export async function accessToken(manager: UserManager, userId: string): Promise<TokenOutcome> {
  const current = await storedUserOf(manager, userId);
  if (!current) return { kind: 'signed-out' };
  if (!needsRefresh(current.expires_in)) return { kind: 'token', token: current.access_token };
  return underRefreshLock(async () => {
    const stored = await storedUserOf(manager, userId);
    if (!stored) return { kind: 'signed-out' };
    if (!needsRefresh(stored.expires_in)) return { kind: 'token', token: stored.access_token };
    if (!stored.refresh_token) return { kind: 'signed-out' };
    try {
      const fresh = await manager.signinSilent();
      return fresh ? { kind: 'token', token: fresh.access_token } : { kind: 'signed-out' };
    } catch (error) {
      // A refusal of the refresh (invalid_grant: expired, revoked, the account gone) ends the session;
      // a provider's server error or the network is a passing failure.
      if (error instanceof ErrorResponse && REFRESH_REFUSALS.has(error.error ?? '')) {
        await manager.removeUser();
        return { kind: 'signed-out' };
      }
      return { kind: 'unreachable' };
    }
  });
}
