import { describe, expect, it } from 'vitest';
import { daysAway } from './days-away.ts';

const at = (y: number, m: number, d: number, h = 12) => new Date(y, m - 1, d, h);

describe('days away (part 1 §2)', () => {
  it('counts calendar days from today, whatever the hour', () => {
    const now = at(2026, 11, 24, 23);
    expect(daysAway(at(2026, 11, 24, 0).toISOString(), null, now)).toBe(0);
    expect(daysAway(at(2026, 11, 25, 0).toISOString(), null, now)).toBe(1);
    expect(daysAway(at(2026, 12, 24, 6).toISOString(), null, now)).toBe(30);
  });

  it('is negative once overdue', () => {
    expect(daysAway(at(2026, 11, 20).toISOString(), null, at(2026, 11, 24))).toBe(-4);
  });

  it('is not computed once there is a completion date', () => {
    expect(daysAway(at(2026, 11, 30).toISOString(), at(2026, 11, 24).toISOString(), at(2026, 11, 24))).toBeNull();
  });

  it('counts a day across a daylight-saving change as one day', () => {
    expect(daysAway(at(2026, 3, 30, 0).toISOString(), null, at(2026, 3, 20, 12))).toBe(10);
    expect(daysAway(at(2026, 11, 5, 0).toISOString(), null, at(2026, 10, 20, 12))).toBe(16);
  });
});
