import 'fake-indexeddb/auto';
import { ErrorResponse, type User, type UserManager } from 'oidc-client-ts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { updateProfile } from '../data/mutators.ts';
import { mutate } from '../sync/mutator.ts';
import { freshDb } from '../sync/testing/fixtures.ts';
import { manualTimers } from '../sync/testing/manual-timers.ts';
import type { SessionUser } from './session-context.ts';
import { createSessionStore } from './session-store.ts';
import { checkSession, SESSION_CHECK_MS, watchSession, type SessionVerdict } from './session-watch.ts';

const user: SessionUser = { userId: 'u1', orgId: 'o1', email: 'a@b.test', givenName: 'A', familyName: 'B', name: 'A B', role: 'sectionLead', isAdmin: false };
const state = { userId: 'u1', orgId: 'o1', role: 'sectionLead', isAdmin: false, sectionId: 's1' };

function deps(answer: Response | Error | null, stored = true) {
  const fetch = vi.fn(async () => {
    if (answer instanceof Error) throw answer;
    return answer!;
  });
  return { getAccessToken: async () => (answer === null ? null : 'token'), hasStoredUser: async () => stored, fetch: fetch as unknown as typeof globalThis.fetch };
}

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('checkSession', () => {
  it('is ok while the server sees the user the app runs as', async () => {
    expect(await checkSession(deps(json(state)), user)).toBe('ok');
  });

  it('ends on a 401, or when this device no longer holds the sign-in', async () => {
    expect(await checkSession(deps(json({ errorMessage: 'Your session has ended; sign in again' }, 401)), user)).toBe('ended');
    expect(await checkSession(deps(null, false), user)).toBe('ended');
  });

  it('is refused on a 403 (an inactive account)', async () => {
    expect(await checkSession(deps(json({ errorMessage: 'Your account is inactive.' }, 403)), user)).toBe('refused');
  });

  it('sees a changed role, admin flag, organization or a section taken away', async () => {
    for (const change of [{ role: 'vco' }, { isAdmin: true }, { orgId: 'o2' }, { sectionId: null }]) {
      expect(await checkSession(deps(json({ ...state, ...change })), user)).toBe('changed');
    }
  });

  it('knows nothing offline, on a server error, without a token it can refresh, or from a body it cannot read', async () => {
    expect(await checkSession(deps(new TypeError('Failed to fetch')), user)).toBe('unknown');
    expect(await checkSession(deps(json({ errorMessage: 'x' }, 503)), user)).toBe('unknown');
    expect(await checkSession(deps(null, true), user)).toBe('unknown');
    expect(await checkSession(deps(json({ nothing: true })), user)).toBe('unknown');
  });
});

describe('watchSession', () => {
  function watch(verdicts: SessionVerdict[], active = { value: true }) {
    const clock = manualTimers();
    const check = vi.fn(async () => verdicts.shift() ?? 'ok');
    const onVerdict = vi.fn();
    let wake: () => void = () => undefined;
    const stop = watchSession({ check, onVerdict, timers: clock.timers, isActive: () => active.value, onWake: (w) => ((wake = w), () => (wake = () => undefined)) });
    return { clock, check, onVerdict, stop, wake: () => wake() };
  }
  const settle = () => new Promise((r) => setTimeout(r, 0));

  it('checks every 5 seconds and reports the first verdict that needs action, once', async () => {
    const w = watch(['ok', 'unknown', 'ended', 'refused']);
    expect(w.clock.delays).toEqual([SESSION_CHECK_MS]);
    for (let i = 0; i < 3; i++) {
      w.clock.fireAll();
      await settle();
    }
    expect(w.check).toHaveBeenCalledTimes(3);
    expect(w.onVerdict.mock.calls).toEqual([['ended']]);
    expect(w.clock.pendingCount()).toBe(0);
    w.wake();
    await settle();
    expect(w.check).toHaveBeenCalledTimes(3);
  });

  it('does not check while offline or hidden, and checks at once when woken', async () => {
    const active = { value: false };
    const w = watch(['changed'], active);
    w.clock.fireAll();
    await settle();
    expect(w.check).not.toHaveBeenCalled();
    active.value = true;
    w.wake();
    await settle();
    expect(w.onVerdict.mock.calls).toEqual([['changed']]);
  });

  it('stops checking when stopped', async () => {
    const w = watch(['ended']);
    w.stop();
    w.clock.fireAll();
    w.wake();
    await settle();
    expect(w.check).not.toHaveBeenCalled();
  });
});

describe('a token refresh that fails (part 1 §7, §8)', () => {
  afterEach(() => vi.unstubAllGlobals());

  /** The session store over a stored sign-in whose token has under 5 s left and whose refresh fails so. */
  function signedIn(refreshError: unknown) {
    let stored: User | null = { profile: { sub: 'u1' }, expires_in: 4, access_token: 'old', refresh_token: 'r' } as unknown as User;
    const signinRedirect = vi.fn(async () => undefined);
    const manager = {
      getUser: async () => stored,
      removeUser: vi.fn(async () => {
        stored = null;
      }),
      signinSilent: async () => {
        throw refreshError;
      },
      signinRedirect,
    } as unknown as UserManager;
    const store = createSessionStore(manager, user);
    const fetch = vi.fn();
    const check = () => checkSession({ getAccessToken: () => store.get().getAccessToken(), hasStoredUser: () => store.hasStoredUser(), fetch }, user);
    return { store, check, signinRedirect, stored: () => stored, fetch };
  }

  it('refused (400 invalid_grant): the stored sign-in is cleared and the sign-in starts; the waiting changes stay', async () => {
    vi.stubGlobal('window', { location: { pathname: '/fleet', search: '' } });
    const db = freshDb();
    await mutate(db, updateProfile, { userId: 'u1', changes: { firstName: 'Bea' } }, { userId: 'u1', orgId: 'o1' });
    const s = signedIn(new ErrorResponse({ error: 'invalid_grant', error_description: 'grant request is invalid' }));

    expect(await s.check()).toBe('ended');
    expect(s.stored()).toBeNull();
    expect(s.store.get().canSync).toBe(false);
    // The app answers 'ended' with signInAgain (src/app/use-running-sync.ts).
    await s.store.signInAgain();
    expect(s.signinRedirect).toHaveBeenCalledWith({ state: { returnTo: '/fleet' } });
    expect(await db.outbox.count()).toBe(1);
    db.close();
  });

  it('unreachable (the network failed): the user stays signed in and works from the mirror, "Sign in to sync"', async () => {
    const s = signedIn(new TypeError('Failed to fetch'));
    expect(await s.check()).toBe('unknown');
    expect(s.stored()).not.toBeNull();
    expect(s.store.get().canSync).toBe(false);
    expect(s.signinRedirect).not.toHaveBeenCalled();
    expect(s.fetch).not.toHaveBeenCalled();
  });
});
