import { describe, expect, it, vi } from 'vitest';
import { manualTimers } from '../sync/testing/manual-timers.ts';
import type { SessionUser } from './session-context.ts';
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
