import { describe, expect, it } from 'vitest';
import { wholePercent } from './percent.ts';

describe('wholePercent', () => {
  it('rounds to a whole number, and has none of nothing (part 2 §9)', () => {
    expect(wholePercent(1, 3)).toBe(33);
    expect(wholePercent(2, 3)).toBe(67);
    expect(wholePercent(1, 8)).toBe(13);
    expect(wholePercent(5, 5)).toBe(100);
    expect(wholePercent(0, 0)).toBeNull();
  });
});
