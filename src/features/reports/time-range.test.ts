import { describe, expect, it } from 'vitest';
import { rangeOfDraft, reportQueryOf, sameRange, THIS_MONTH, timeRangeFaults, timeRangeText } from './time-range.ts';

const now = new Date(2026, 10, 25, 10);

describe('the Reports time range', () => {
  it("reads 'This Month', or 'start - end', or 'start - Today'", () => {
    expect(timeRangeText(THIS_MONTH)).toBe('This Month');
    expect(timeRangeText({ kind: 'fromDate', start: '2026-10-03' })).toBe('Oct 3, 2026 - Today');
    expect(timeRangeText({ kind: 'between', start: '2026-10-03', end: '2026-11-01' })).toBe('Oct 3, 2026 - Nov 1, 2026');
  });

  it('needs a start for From Date and both dates for Between Dates (part 2 §5)', () => {
    expect(timeRangeFaults({ kind: 'fromDate', start: null, end: null }, now)).toEqual({ start: 'Choose a start date.' });
    expect(timeRangeFaults({ kind: 'between', start: '2026-10-01', end: null }, now)).toEqual({ end: 'Choose an end date.' });
    expect(timeRangeFaults({ kind: 'thisMonth', start: null, end: null }, now)).toEqual({});
  });

  it('refuses a start after the end and dates in the future', () => {
    expect(timeRangeFaults({ kind: 'between', start: '2026-11-02', end: '2026-11-01' }, now)).toEqual({ start: 'The start date must not be after the end date.' });
    expect(timeRangeFaults({ kind: 'fromDate', start: '2026-11-26', end: null }, now)).toEqual({ start: 'Dates in the future have no report yet.' });
    expect(timeRangeFaults({ kind: 'between', start: '2026-11-01', end: '2026-11-26' }, now)).toEqual({ end: 'Dates in the future have no report yet.' });
    expect(rangeOfDraft({ kind: 'between', start: '2026-11-01', end: '2026-11-25' }, now)).toEqual({ kind: 'between', start: '2026-11-01', end: '2026-11-25' });
    expect(rangeOfDraft({ kind: 'fromDate', start: null, end: null }, now)).toBeNull();
  });

  it('can be applied only when changed', () => {
    expect(sameRange(THIS_MONTH, rangeOfDraft({ kind: 'thisMonth', start: '2026-11-01', end: null }, now)!)).toBe(true);
    expect(sameRange({ kind: 'fromDate', start: '2026-11-01' }, { kind: 'fromDate', start: '2026-11-02' })).toBe(false);
  });

  it("asks the server for this month from its first day, and leaves an open end to the server's today", () => {
    expect(reportQueryOf(THIS_MONTH, now)).toEqual({ startDate: '2026-11-01' });
    expect(reportQueryOf({ kind: 'fromDate', start: '2026-10-03' }, now)).toEqual({ startDate: '2026-10-03' });
    expect(reportQueryOf({ kind: 'between', start: '2026-10-03', end: '2026-10-09' }, now)).toEqual({ startDate: '2026-10-03', endDate: '2026-10-09' });
  });
});
