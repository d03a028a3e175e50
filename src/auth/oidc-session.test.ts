import { ErrorResponse, type User, type UserManager } from 'oidc-client-ts';
import { describe, expect, it, vi } from 'vitest';
import { accessToken, completeSignIn } from './oidc-session.ts';

/** A UserManager holding one stored sign-in (localStorage, which every tab shares). */
function managerWith(stored: { sub: string; expiresIn: number; refreshError?: unknown }) {
  const user = { profile: { sub: stored.sub }, expires_in: stored.expiresIn, access_token: `token-of-${stored.sub}`, refresh_token: 'r' } as unknown as User;
  const removeUser = vi.fn(async () => undefined);
  const manager = {
    getUser: async () => user,
    removeUser,
    signinSilent: async () => {
      throw stored.refreshError;
    },
  } as unknown as UserManager;
  return { manager, removeUser };
}

describe('accessToken', () => {
  it("never gives a tab another user's token: after a Log Out and another sign-in in another tab, this tab is signed out", async () => {
    const { manager, removeUser } = managerWith({ sub: 'user-b', expiresIn: 3600 });
    expect(await accessToken(manager, 'user-a')).toEqual({ kind: 'signed-out' });
    expect(await accessToken(manager, 'user-b')).toEqual({ kind: 'token', token: 'token-of-user-b' });
    // The other user's sign-in stays theirs.
    expect(removeUser).not.toHaveBeenCalled();
  });

  it('keeps the session when the provider fails with its own error (offline work goes on), and ends it when the refresh token is refused', async () => {
    const outage = managerWith({ sub: 'u1', expiresIn: 0, refreshError: new ErrorResponse({ error: 'server_error' }) });
    expect(await accessToken(outage.manager, 'u1')).toEqual({ kind: 'unreachable' });
    expect(outage.removeUser).not.toHaveBeenCalled();

    const refused = managerWith({ sub: 'u1', expiresIn: 0, refreshError: new ErrorResponse({ error: 'invalid_grant' }) });
    expect(await accessToken(refused.manager, 'u1')).toEqual({ kind: 'signed-out' });
    expect(refused.removeUser).toHaveBeenCalled();
  });

  it('ends the session on any refusal by the token endpoint (a 400), not only invalid_grant', async () => {
    for (const error of ['invalid_request', 'invalid_client', 'unauthorized_client', 'unsupported_grant_type', 'invalid_scope']) {
      const refused = managerWith({ sub: 'u1', expiresIn: 0, refreshError: new ErrorResponse({ error }) });
      expect(await accessToken(refused.manager, 'u1')).toEqual({ kind: 'signed-out' });
      expect(refused.removeUser).toHaveBeenCalled();
    }
  });

  it('keeps the session through a network failure or a timeout during the refresh', async () => {
    for (const refreshError of [new TypeError('Failed to fetch'), new Error('Timed out')]) {
      const offline = managerWith({ sub: 'u1', expiresIn: 4, refreshError });
      expect(await accessToken(offline.manager, 'u1')).toEqual({ kind: 'unreachable' });
      expect(offline.removeUser).not.toHaveBeenCalled();
    }
  });
});

describe('completeSignIn', () => {
  function callbackFailing(error: Error) {
    const removeUser = vi.fn(async () => undefined);
    const manager = {
      signinRedirectCallback: async () => {
        throw error;
      },
      removeUser,
    } as unknown as UserManager;
    return { manager, removeUser };
  }

  it('clears the stored sign-in when the ID token carries an invalid nonce', async () => {
    const { manager, removeUser } = callbackFailing(new Error('nonce in id_token does not match nonce in client storage'));
    await expect(completeSignIn(manager)).rejects.toThrow(/nonce/);
    expect(removeUser).toHaveBeenCalled();
  });

  it('leaves the stored sign-in alone for a callback that fails otherwise (a stale or repeated callback)', async () => {
    const { manager, removeUser } = callbackFailing(new Error('No matching state found in storage'));
    await expect(completeSignIn(manager)).rejects.toThrow(/state/);
    expect(removeUser).not.toHaveBeenCalled();
  });
});
