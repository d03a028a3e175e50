import { describe, expect, it } from 'vitest';
import { af1800MonthProblem, af1800MonthRange, currentAf1800Month, formatAf1800Month } from './af1800-form-month.ts';

const NOW = new Date('2026-03-31T23:59:59.999Z');

describe('AF1800 months', () => {
  it('are UTC calendar months, December running into the next year', () => {
    expect(af1800MonthRange({ year: 2026, month: 3 })).toEqual({ start: Date.parse('2026-03-01T00:00:00Z'), end: Date.parse('2026-04-01T00:00:00Z') });
    expect(af1800MonthRange({ year: 2025, month: 12 }).end).toBe(Date.parse('2026-01-01T00:00:00Z'));
    expect(af1800MonthRange({ year: 2024, month: 2 }).end - af1800MonthRange({ year: 2024, month: 2 }).start).toBe(29 * 86_400_000);
  });

  it('takes the current month from now in UTC, not the local time zone', () => {
    expect(currentAf1800Month(NOW)).toEqual({ year: 2026, month: 3 });
    expect(currentAf1800Month(new Date('2026-04-01T00:00:00Z'))).toEqual({ year: 2026, month: 4 });
  });

  it('writes a month as MM/yyyy', () => {
    expect(formatAf1800Month({ year: 2026, month: 3 })).toBe('03/2026');
    expect(formatAf1800Month({ year: 1999, month: 12 })).toBe('12/1999');
  });

  it('accepts the current month and any month back to January 1900', () => {
    expect(af1800MonthProblem({ year: 2026, month: 3 }, NOW)).toBeNull();
    expect(af1800MonthProblem({ year: 2025, month: 12 }, NOW)).toBeNull();
    expect(af1800MonthProblem({ year: 1900, month: 1 }, NOW)).toBeNull();
  });

  it('refuses a future month, a year before 1900 and a month outside 1 to 12 with a message a person can act on', () => {
    expect(af1800MonthProblem({ year: 2026, month: 4 }, NOW)).toBe('04/2026 is in the future: choose 03/2026 or an earlier month');
    expect(af1800MonthProblem({ year: 2027, month: 1 }, NOW)).toMatch(/in the future/);
    expect(af1800MonthProblem({ year: 1899, month: 12 }, NOW)).toBe('The year must be 1900 or later');
    expect(af1800MonthProblem({ year: 2026, month: 0 }, NOW)).toBe('The month must be 1 to 12 (01 to 12)');
    expect(af1800MonthProblem({ year: 2026, month: 13 }, NOW)).toBe('The month must be 1 to 12 (01 to 12)');
  });
});
