import { describe, expect, it } from 'vitest';
import { SignInThrottle } from './throttle.ts';

describe('SignInThrottle', () => {
  it('blocks an email after five failures within a minute, until the oldest one ages out', () => {
    let now = 1_000_000;
    const throttle = new SignInThrottle(5, 60_000, () => now);
    for (let i = 0; i < 5; i++) {
      expect(throttle.retryAfter('Dana@Example.test')).toBe(0);
      throttle.fail(' dana@example.test ');
      now += 1_000;
    }
    expect(throttle.retryAfter('dana@example.test')).toBe(55_000);
    expect(throttle.retryAfter('other@example.test')).toBe(0);
    now += 55_000;
    expect(throttle.retryAfter('dana@example.test')).toBe(0);
  });

  it('forgets the failures after a successful sign-in', () => {
    const throttle = new SignInThrottle(2, 60_000, () => 0);
    throttle.fail('a@b.test');
    throttle.fail('a@b.test');
    expect(throttle.retryAfter('a@b.test')).toBeGreaterThan(0);
    throttle.clear('A@B.test');
    expect(throttle.retryAfter('a@b.test')).toBe(0);
  });
});
