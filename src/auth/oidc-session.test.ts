import { ErrorResponse, type User, type UserManager } from 'oidc-client-ts';
import { describe, expect, it, vi } from 'vitest';
import { accessToken } from './oidc-session.ts';

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
});
