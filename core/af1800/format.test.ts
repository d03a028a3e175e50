import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatMonth, formatNumber } from './format.ts';

describe('AF1800 formats', () => {
  it('prints dates dd/MM/yy in UTC, whatever the offset in the data', () => {
    expect(formatDate('2026-10-05T09:30:00.000Z')).toBe('05/10/26');
    expect(formatDate('2026-10-05T22:30:00-05:00')).toBe('06/10/26');
    expect(formatDate('2000-01-01T00:00:00Z')).toBe('01/01/00');
  });

  it('prints the report date dd/MM/yy HH:mm in UTC (Zulu)', () => {
    expect(formatDateTime('2026-10-28T14:05:59.999Z')).toBe('28/10/26 14:05');
    expect(formatDateTime('2026-12-31T23:30:00-01:00')).toBe('01/01/27 00:30');
  });

  it('prints nothing for a missing or unreadable date', () => {
    expect(formatDate(null)).toBe('');
    expect(formatDate('not a date')).toBe('');
    expect(formatDateTime(undefined)).toBe('');
  });

  it('prints months and numbers', () => {
    expect(formatMonth(2026, 3)).toBe('03/2026');
    expect(formatNumber(48213)).toBe('48213');
    expect(formatNumber(40.46)).toBe('40.5');
    expect(formatNumber(null)).toBe('');
    expect(formatNumber(Number.NaN)).toBe('');
  });
});
