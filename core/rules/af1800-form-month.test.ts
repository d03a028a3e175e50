import { describe, expect, it } from 'vitest';
import { af1800MonthProblem, af1800MonthRange, currentAf1800Month, defaultReportMonth, formatAf1800Month } from './af1800-form-month.ts';

const NOW = new Date('2026-03-31T23:59:59.999Z');

describe('AF1800 months', () => {
  it("are calendar months of the organization's zone, December running into the next year", () => {
    expect(af1800MonthRange({ year: 2026, month: 3 }, 'UTC')).toEqual({ start: Date.parse('2026-03-01T00:00:00Z'), end: Date.parse('2026-04-01T00:00:00Z') });
    expect(af1800MonthRange({ year: 2025, month: 12 }, 'UTC').end).toBe(Date.parse('2026-01-01T00:00:00Z'));
    expect(af1800MonthRange({ year: 2024, month: 2 }, 'UTC').end - af1800MonthRange({ year: 2024, month: 2 }, 'UTC').start).toBe(29 * 86_400_000);
    expect(af1800MonthRange({ year: 2026, month: 12 }, 'Asia/Tokyo')).toEqual({
      start: Date.parse('2026-11-30T15:00:00Z'),
      end: Date.parse('2026-12-31T15:00:00Z'),
    });
    expect(af1800MonthRange({ year: 2026, month: 11 }, 'America/Anchorage')).toEqual({
      start: Date.parse('2026-11-01T08:00:00Z'),
      end: Date.parse('2026-12-01T09:00:00Z'),
    });
  });

  it('hold a month whose last day starts a summer-time change', () => {
    // Europe/Berlin's clocks go forward on Sunday 29 March 2026; Chile's (America/Santiago) go back on 5 April 2026.
    const march = af1800MonthRange({ year: 2026, month: 3 }, 'Europe/Berlin');
    expect([march.start, march.end]).toEqual([Date.parse('2026-02-28T23:00:00Z'), Date.parse('2026-03-31T22:00:00Z')]);
    expect((march.end - march.start) / 3_600_000).toBe(31 * 24 - 1);
    const inspectedLate = new Date('2026-03-31T21:30:00Z'); // 23:30 on 31 March in Berlin
    expect(currentAf1800Month(inspectedLate, 'Europe/Berlin')).toEqual({ year: 2026, month: 3 });
    expect(currentAf1800Month(new Date('2026-03-31T22:00:00Z'), 'Europe/Berlin')).toEqual({ year: 2026, month: 4 });
  });

  it("takes the current month from now in the organization's zone, not the device's or UTC", () => {
    expect(currentAf1800Month(NOW, 'UTC')).toEqual({ year: 2026, month: 3 });
    expect(currentAf1800Month(new Date('2026-04-01T00:00:00Z'), 'UTC')).toEqual({ year: 2026, month: 4 });
    expect(currentAf1800Month(NOW, 'Asia/Tokyo')).toEqual({ year: 2026, month: 4 });
    expect(currentAf1800Month(new Date('2026-04-01T07:59:00Z'), 'America/Anchorage')).toEqual({ year: 2026, month: 3 });
  });

  it("opens the Monthly AF1800 Report on the month just ended through the 5th, the organization's days", () => {
    expect(defaultReportMonth(new Date('2026-01-05T12:00:00Z'), 'UTC')).toEqual({ year: 2025, month: 12 });
    expect(defaultReportMonth(new Date('2026-01-06T00:00:00Z'), 'UTC')).toEqual({ year: 2026, month: 1 });
    // 15:30 UTC on the 5th is already the 6th in Tokyo, and 08:30 UTC on the 6th still the 5th in Anchorage.
    expect(defaultReportMonth(new Date('2026-03-05T15:30:00Z'), 'Asia/Tokyo')).toEqual({ year: 2026, month: 3 });
    expect(defaultReportMonth(new Date('2026-03-06T08:30:00Z'), 'America/Anchorage')).toEqual({ year: 2026, month: 2 });
    expect(defaultReportMonth(new Date('2026-03-20T08:30:00Z'), 'UTC')).toEqual({ year: 2026, month: 3 });
  });

  it('writes a month as MM/yyyy', () => {
    expect(formatAf1800Month({ year: 2026, month: 3 })).toBe('03/2026');
    expect(formatAf1800Month({ year: 1999, month: 12 })).toBe('12/1999');
  });

  it('accepts the current month and any month back to January 1900', () => {
    expect(af1800MonthProblem({ year: 2026, month: 3 }, NOW, 'UTC')).toBeNull();
    expect(af1800MonthProblem({ year: 2026, month: 4 }, NOW, 'Asia/Tokyo')).toBeNull();
    expect(af1800MonthProblem({ year: 2025, month: 12 }, NOW, 'UTC')).toBeNull();
    expect(af1800MonthProblem({ year: 1900, month: 1 }, NOW, 'UTC')).toBeNull();
  });

  it('refuses a future month, a year before 1900 and a month outside 1 to 12 with a message a person can act on', () => {
    expect(af1800MonthProblem({ year: 2026, month: 4 }, NOW, 'UTC')).toBe('04/2026 is in the future: choose 03/2026 or an earlier month');
    expect(af1800MonthProblem({ year: 2027, month: 1 }, NOW, 'UTC')).toMatch(/in the future/);
    expect(af1800MonthProblem({ year: 1899, month: 12 }, NOW, 'UTC')).toBe('The year must be 1900 or later');
    expect(af1800MonthProblem({ year: 2026, month: 0 }, NOW, 'UTC')).toBe('The month must be 1 to 12 (01 to 12)');
    expect(af1800MonthProblem({ year: 2026, month: 13 }, NOW, 'UTC')).toBe('The month must be 1 to 12 (01 to 12)');
  });
});
