import { describe, expect, it } from 'vitest';
import { createRng } from './random.ts';

describe('Rng', () => {
  it('repeats its sequence for the same seed and differs for another', () => {
    const take = (seed: number) => {
      const rng = createRng(seed);
      return Array.from({ length: 5 }, () => rng.uint32());
    };
    expect(take(7)).toEqual(take(7));
    expect(take(7)).not.toEqual(take(8));
  });

  it('forks by label, whatever the parent has drawn', () => {
    const a = createRng(1);
    const b = createRng(1);
    b.next();
    expect(a.fork('vehicle-3').id()).toBe(b.fork('vehicle-3').id());
    expect(a.fork('vehicle-3').id()).not.toBe(a.fork('vehicle-4').id());
  });

  it('makes 21-character ids over the nanoid alphabet and keeps numbers in range', () => {
    const rng = createRng('ids');
    for (let i = 0; i < 200; i++) {
      expect(rng.id()).toMatch(/^[A-Za-z0-9_-]{21}$/);
      const n = rng.int(-2, 3);
      expect(n).toBeGreaterThanOrEqual(-2);
      expect(n).toBeLessThanOrEqual(3);
      expect(String(rng.safeInt())).toMatch(/^[1-9]\d{0,15}$/);
    }
    expect(new Set(Array.from({ length: 1000 }, () => rng.int(0, 9))).size).toBe(10);
  });

  it('picks by weight and shuffles without losing items', () => {
    const rng = createRng(3);
    const picks = Array.from({ length: 1000 }, () =>
      rng.weighted([
        ['a', 9],
        ['b', 1],
      ] as const),
    );
    expect(picks.filter((p) => p === 'a').length).toBeGreaterThan(800);
    expect(rng.shuffle([1, 2, 3, 4, 5]).sort()).toEqual([1, 2, 3, 4, 5]);
  });
});
