import { describe, expect, it } from 'vitest';
import { SIGN_IN_POLICY, SignInThrottle, tierWait } from './throttle.ts';

const A = '10.0.0.1';
const B = '10.0.0.2';

function clock(start = 1_000_000) {
  const c = { now: start, tick: (ms: number) => (c.now += ms) };
  return c;
}

function failMany(throttle: SignInThrottle, email: string, client: string, n: number) {
  for (let i = 0; i < n; i++) {
    const a = throttle.begin(email, client);
    if (!a.ok) throw new Error(`attempt ${i} refused`);
    a.attempt.fail();
  }
}

describe('SignInThrottle', () => {
  it('lets five failures for an account from a client through, then asks for a wait that doubles up to 5 minutes', () => {
    const c = clock();
    const throttle = new SignInThrottle(SIGN_IN_POLICY, () => c.now);
    failMany(throttle, 'Dana@Example.test', A, 5);
    expect(throttle.retryAfter(' dana@example.test ', A)).toBe(5_000);
    const waits: number[] = [];
    for (let i = 0; i < 9; i++) {
      const wait = throttle.retryAfter('dana@example.test', A);
      waits.push(wait);
      c.tick(wait);
      failMany(throttle, 'dana@example.test', A, 1);
    }
    expect(waits).toEqual([5_000, 10_000, 20_000, 40_000, 80_000, 160_000, 300_000, 300_000, 300_000]);
  });

  it('counts an attempt when it begins, so a burst gets only the free attempts', () => {
    const throttle = new SignInThrottle(SIGN_IN_POLICY, () => 0);
    const admitted = Array.from({ length: 12 }, () => throttle.begin('x@example.test', A)).filter((a) => a.ok);
    expect(admitted).toHaveLength(5);
  });

  it('a success forgets the account from that client; a cancelled attempt does not count', () => {
    const c = clock();
    const throttle = new SignInThrottle(SIGN_IN_POLICY, () => c.now);
    failMany(throttle, 'a@b.test', A, 4);
    const ok = throttle.begin('a@b.test', A);
    if (!ok.ok) throw new Error('refused');
    ok.attempt.succeed();
    failMany(throttle, 'a@b.test', A, 5);
    const cancelled = throttle.begin('c@b.test', B);
    if (!cancelled.ok) throw new Error('refused');
    cancelled.attempt.cancel();
    cancelled.attempt.fail(); // settled already: ignored
    expect(throttle.retryAfter('c@b.test', B)).toBe(0);
    failMany(throttle, 'c@b.test', B, 5);
  });

  it('slows a client that tries many accounts, and success on one account does not reset that', () => {
    const throttle = new SignInThrottle(SIGN_IN_POLICY, () => 0);
    for (let i = 0; i < 20; i++) failMany(throttle, `user${i}@example.test`, A, 1);
    const ok = throttle.begin('user0@example.test', A);
    expect(ok.ok).toBe(false);
    // Another client is not slowed by it.
    expect(throttle.begin('user21@example.test', B).ok).toBe(true);
  });

  it('a stranger at another address cannot make the owner wait, until the account itself saw 20 failures, and then at most a minute', () => {
    const c = clock();
    const throttle = new SignInThrottle(SIGN_IN_POLICY, () => c.now);
    failMany(throttle, 'owner@example.test', A, 5);
    expect(throttle.retryAfter('owner@example.test', A)).toBeGreaterThan(0);
    expect(throttle.retryAfter('owner@example.test', B)).toBe(0);
    for (let i = 0; i < 15; i++) failMany(throttle, 'owner@example.test', `10.1.0.${i}`, 1);
    expect(throttle.retryAfter('owner@example.test', B)).toBe(5_000);
    for (let i = 0; i < 20; i++) {
      c.tick(throttle.retryAfter('owner@example.test', `10.2.0.${i}`));
      failMany(throttle, 'owner@example.test', `10.2.0.${i}`, 1);
    }
    expect(throttle.retryAfter('owner@example.test', B)).toBe(60_000);
  });

  for (const how of ['succeed', 'cancel'] as const) {
    it(`after 25 failures from an address, a ${how === 'succeed' ? 'success' : 'cancel'} from it neither lengthens its wait for the next person nor keeps it remembered`, () => {
      const c = clock();
      const throttle = new SignInThrottle(SIGN_IN_POLICY, () => c.now);
      // Each failure for another email, after waiting out the wait before it: only the address's tier slows them.
      for (let i = 0; i < 25; i++) {
        c.tick(throttle.retryAfter(`guess${i}@example.test`, A));
        failMany(throttle, `guess${i}@example.test`, A, 1);
      }
      const lastFailure = c.now;
      expect(throttle.retryAfter('next@example.test', A)).toBe(160_000);
      c.tick(160_000);
      const before = throttle.retryAfter('next@example.test', A);
      expect(before).toBe(0);
      const attempt = throttle.begin('owner@example.test', A);
      if (!attempt.ok) throw new Error('refused');
      // While it is in progress it counts as a failure from its start.
      expect(throttle.retryAfter('next@example.test', A)).toBe(300_000);
      c.tick(1_000);
      attempt.attempt[how]();
      expect(throttle.retryAfter('next@example.test', A)).toBeLessThanOrEqual(before);

      // People keep signing in from the address every minute; it is forgotten an hour after its last failure all the same.
      for (let t = c.now + 60_000; t < lastFailure + SIGN_IN_POLICY.forgetAfterMs; t += 60_000) {
        c.now = t;
        const next = throttle.begin(`person${t}@example.test`, A);
        if (!next.ok) throw new Error(`refused ${t - lastFailure} ms after the last failure`);
        next.attempt[how]();
      }
      c.now = lastFailure + SIGN_IN_POLICY.forgetAfterMs;
      // Forgotten: twenty new failures are free again, and only then is there a wait.
      for (let i = 0; i < 20; i++) failMany(throttle, `fresh${i}@example.test`, A, 1);
      expect(throttle.retryAfter('next@example.test', A)).toBe(5_000);
    });
  }

  it('overlapping attempts from one address: those that succeed leave it counting from its last failure, one that fails counts from its start', () => {
    const c = clock();
    const throttle = new SignInThrottle(SIGN_IN_POLICY, () => c.now);
    const overlapping = (first: 'succeed' | 'fail') => {
      const x = throttle.begin(`x${c.now}@example.test`, A);
      c.tick(1_000);
      const y = throttle.begin(`y${c.now}@example.test`, A);
      if (!x.ok || !y.ok) throw new Error('refused');
      y.attempt.succeed();
      x.attempt[first]();
    };
    for (let i = 0; i < 18; i++) failMany(throttle, `guess${i}@example.test`, A, 1);
    const lastFailure = c.now;
    c.tick(1_000);
    overlapping('succeed');
    c.now = lastFailure + SIGN_IN_POLICY.forgetAfterMs;
    for (let i = 0; i < 20; i++) failMany(throttle, `fresh${i}@example.test`, A, 1);
    expect(throttle.retryAfter('next@example.test', A)).toBe(5_000);

    const c2 = clock();
    const other = new SignInThrottle(SIGN_IN_POLICY, () => c2.now);
    for (let i = 0; i < 18; i++) failMany(other, `guess${i}@example.test`, B, 1);
    c2.tick(1_000);
    const failedAt = c2.now;
    const x = other.begin('wrong@example.test', B);
    c2.tick(1_000);
    const y = other.begin('right@example.test', B);
    if (!x.ok || !y.ok) throw new Error('refused');
    y.attempt.succeed();
    x.attempt.fail();
    // Nineteen failures, the last begun at failedAt: still remembered just before the hour is up.
    c2.now = failedAt + SIGN_IN_POLICY.forgetAfterMs - 1;
    failMany(other, 'one-more@example.test', B, 1);
    expect(other.retryAfter('next@example.test', B)).toBe(5_000);
  });

  it('forgets a tier an hour after its last failure and stays bounded in size', () => {
    const c = clock();
    const throttle = new SignInThrottle({ ...SIGN_IN_POLICY, maxEntries: 30 }, () => c.now);
    failMany(throttle, 'a@b.test', A, 5);
    c.tick(60 * 60_000);
    expect(throttle.retryAfter('a@b.test', A)).toBe(0);
    for (let i = 0; i < 50; i++) failMany(throttle, `u${i}@b.test`, `10.3.${i}.1`, 1);
    expect(throttle.size).toBeLessThanOrEqual(30);
  });

  it('tierWait never overflows', () => {
    expect(tierWait(SIGN_IN_POLICY.accountFromClient, 10_000, 0, 0)).toBe(300_000);
  });
});
