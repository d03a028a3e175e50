import { describe, expect, it } from 'vitest';
import { LAST_MONTH, rangeOfDraft, reportQueryOf, sameRange, THIS_MONTH, timeRangeFaults, timeRangeText } from './time-range.ts';

const now = new Date('2026-11-25T10:00:00Z');
const zone = 'UTC';

describe('the Reports time range', () => {
  it("reads 'This Month', or 'start - end', or 'start - Today'", () => {
    expect(timeRangeText(THIS_MONTH)).toBe('This Month');
    expect(timeRangeText({ kind: 'fromDate', start: '2026-10-03' })).toBe('Oct 3, 2026 - Today');
    expect(timeRangeText({ kind: 'between', start: '2026-10-03', end: '2026-11-01' })).toBe('Oct 3, 2026 - Nov 1, 2026');
  });

  it('needs a start for From Date and both dates for Between Dates (part 2 §5)', () => {
    expect(timeRangeFaults({ kind: 'fromDate', start: null, end: null }, now, zone)).toEqual({ start: 'Choose a start date.' });
    expect(timeRangeFaults({ kind: 'between', start: '2026-10-01', end: null }, now, zone)).toEqual({ end: 'Choose an end date.' });
    expect(timeRangeFaults({ kind: 'thisMonth', start: null, end: null }, now, zone)).toEqual({});
  });

  it('refuses a start after the end and dates in the future', () => {
    expect(timeRangeFaults({ kind: 'between', start: '2026-11-02', end: '2026-11-01' }, now, zone)).toEqual({
      start: 'The start date must not be after the end date.',
    });
    expect(timeRangeFaults({ kind: 'fromDate', start: '2026-11-26', end: null }, now, zone)).toEqual({ start: 'Dates in the future have no report yet.' });
    expect(timeRangeFaults({ kind: 'between', start: '2026-11-01', end: '2026-11-26' }, now, zone)).toEqual({ end: 'Dates in the future have no report yet.' });
    expect(rangeOfDraft({ kind: 'between', start: '2026-11-01', end: '2026-11-25' }, now, zone)).toEqual({
      kind: 'between',
      start: '2026-11-01',
      end: '2026-11-25',
    });
    expect(rangeOfDraft({ kind: 'fromDate', start: null, end: null }, now, zone)).toBeNull();
  });

  it('can be applied only when changed', () => {
    expect(sameRange(THIS_MONTH, rangeOfDraft({ kind: 'thisMonth', start: '2026-11-01', end: null }, now, zone)!)).toBe(true);
    expect(sameRange({ kind: 'fromDate', start: '2026-11-01' }, { kind: 'fromDate', start: '2026-11-02' })).toBe(false);
  });

  it("asks the server for this month from its first day, and leaves an open end to the server's today", () => {
    expect(reportQueryOf(THIS_MONTH, now, zone)).toEqual({ startDate: '2026-11-01' });
    expect(reportQueryOf({ kind: 'fromDate', start: '2026-10-03' }, now, zone)).toEqual({ startDate: '2026-10-03' });
    expect(reportQueryOf({ kind: 'between', start: '2026-10-03', end: '2026-10-09' }, now, zone)).toEqual({ startDate: '2026-10-03', endDate: '2026-10-09' });
  });

  it("offers Last Month: the month just ended, whole, in the organization's days", () => {
    expect(timeRangeText(LAST_MONTH)).toBe('Last Month');
    expect(timeRangeFaults({ kind: 'lastMonth', start: null, end: null }, now, zone)).toEqual({});
    expect(rangeOfDraft({ kind: 'lastMonth', start: '2026-10-03', end: null }, now, zone)).toEqual(LAST_MONTH);
    expect(reportQueryOf(LAST_MONTH, now, zone)).toEqual({ startDate: '2026-10-01', endDate: '2026-10-31' });
    // 05:00 on 1 January in Tokyo: last month is December, still this month in UTC.
    expect(reportQueryOf(LAST_MONTH, new Date('2026-12-31T20:00:00Z'), 'Asia/Tokyo')).toEqual({ startDate: '2026-12-01', endDate: '2026-12-31' });
    expect(reportQueryOf(LAST_MONTH, new Date('2027-03-10T20:00:00Z'), 'UTC')).toEqual({ startDate: '2027-02-01', endDate: '2027-02-28' });
  });

  it("counts today as the organization's, whatever the device's zone (issue 50)", () => {
    // 05:00 on 1 December at Kadena is still 30 November in UTC, and 20:00 on 30 November in Anchorage.
    const early = new Date('2026-11-30T20:00:00Z');
    expect(reportQueryOf(THIS_MONTH, early, 'Asia/Tokyo')).toEqual({ startDate: '2026-12-01' });
    expect(reportQueryOf(THIS_MONTH, early, 'UTC')).toEqual({ startDate: '2026-11-01' });
    expect(timeRangeFaults({ kind: 'fromDate', start: '2026-12-01', end: null }, early, 'Asia/Tokyo')).toEqual({});
    expect(timeRangeFaults({ kind: 'fromDate', start: '2026-12-01', end: null }, early, 'UTC')).toEqual({ start: 'Dates in the future have no report yet.' });
    const late = new Date('2026-12-01T05:00:00Z');
    expect(reportQueryOf(THIS_MONTH, late, 'America/Anchorage')).toEqual({ startDate: '2026-11-01' });
    expect(timeRangeFaults({ kind: 'between', start: '2026-11-01', end: '2026-12-01' }, late, 'America/Anchorage')).toEqual({
      end: 'Dates in the future have no report yet.',
    });
  });
});
