import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatMonth, formatNumber } from './format.ts';

describe('AF1800 formats', () => {
  it("prints dates dd/MM/yy in the organization's zone, whatever the offset in the data", () => {
    expect(formatDate('2026-10-05T09:30:00.000Z', 'UTC')).toBe('05/10/26');
    expect(formatDate('2026-10-05T22:30:00-05:00', 'UTC')).toBe('06/10/26');
    expect(formatDate('2000-01-01T00:00:00Z', 'UTC')).toBe('01/01/00');
    // 31 March 23:30 in Tokyo is 14:30 UTC; 1 April 00:30 in Tokyo is still 31 March in UTC.
    expect(formatDate('2026-03-31T14:30:00Z', 'Asia/Tokyo')).toBe('31/03/26');
    expect(formatDate('2026-03-31T15:30:00Z', 'Asia/Tokyo')).toBe('01/04/26');
    expect(formatDate('2026-12-01T05:00:00Z', 'America/Anchorage')).toBe('30/11/26');
  });

  it("prints the report date dd/MM/yy HH:mm on the zone's clock, across a summer-time change", () => {
    expect(formatDateTime('2026-10-28T14:05:59.999Z', 'UTC')).toBe('28/10/26 14:05');
    expect(formatDateTime('2026-12-31T23:30:00-01:00', 'UTC')).toBe('01/01/27 00:30');
    expect(formatDateTime('2026-12-31T23:30:00Z', 'Asia/Tokyo')).toBe('01/01/27 08:30');
    // Anchorage moves to summer time at 02:00 on 8 March 2026: 11:00 UTC is 03:00 AKDT, 10:59 is 01:59 AKST.
    expect(formatDateTime('2026-03-08T10:59:00Z', 'America/Anchorage')).toBe('08/03/26 01:59');
    expect(formatDateTime('2026-03-08T11:00:00Z', 'America/Anchorage')).toBe('08/03/26 03:00');
  });

  it('prints nothing for a missing or unreadable date', () => {
    expect(formatDate(null, 'UTC')).toBe('');
    expect(formatDate('not a date', 'Asia/Tokyo')).toBe('');
    expect(formatDateTime(undefined, 'UTC')).toBe('');
  });

  it('prints months and numbers', () => {
    expect(formatMonth(2026, 3)).toBe('03/2026');
    expect(formatNumber(48213)).toBe('48213');
    expect(formatNumber(40.46)).toBe('40.5');
    expect(formatNumber(null)).toBe('');
    expect(formatNumber(Number.NaN)).toBe('');
  });
});
