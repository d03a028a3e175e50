import dayjs from 'dayjs';
import { addDays, dayOf, firstOfMonth } from '../../../core/rules/org-clock.ts';
import { monthStart } from '../../../core/rules/report-range.ts';
import { reportInFutureMessage, reportStartAfterEndMessage } from '../../../core/schema/monthly-report.ts';

/**
 * The Reports' Time Range Options (part 2 §2.6, §5, §9): 'This Month' by default; 'Last Month', the
 * month just ended whole, is what a motor pool reports on at a month's start (issue 52).
 */
export type TimeRange = { kind: 'thisMonth' } | { kind: 'lastMonth' } | { kind: 'fromDate'; start: string } | { kind: 'between'; start: string; end: string };
export type TimeRangeKind = TimeRange['kind'];

/** The modal's fields as typed: dates yyyy-MM-dd or null. */
export interface TimeRangeDraft {
  kind: TimeRangeKind;
  start: string | null;
  end: string | null;
}

export const THIS_MONTH: TimeRange = { kind: 'thisMonth' };
export const LAST_MONTH: TimeRange = { kind: 'lastMonth' };
export const TIME_RANGE_LABELS: Record<TimeRangeKind, string> = {
  thisMonth: 'This Month',
  lastMonth: 'Last Month',
  fromDate: 'From Date',
  between: 'Between Dates',
};
/** The kinds without dates to choose. */
export const isWholeMonth = (kind: TimeRangeKind): kind is 'thisMonth' | 'lastMonth' => kind === 'thisMonth' || kind === 'lastMonth';
export const chooseStartMessage = 'Choose a start date.';
export const chooseEndMessage = 'Choose an end date.';

export function draftOf(range: TimeRange): TimeRangeDraft {
  return { kind: range.kind, start: 'start' in range ? range.start : null, end: range.kind === 'between' ? range.end : null };
}

/**
 * Part 2 §5: From Date needs a start; Between Dates both; the start not after the end; neither in the
 * future, after the organization's today in `zone` (as the server checks it), whatever the device's day.
 */
export function timeRangeFaults(draft: TimeRangeDraft, now: Date, zone: string): { start?: string; end?: string } {
  if (isWholeMonth(draft.kind)) return {};
  const faults: { start?: string; end?: string } = {};
  const day = dayOf(now, zone);
  if (!draft.start) faults.start = chooseStartMessage;
  else if (draft.start > day) faults.start = reportInFutureMessage;
  if (draft.kind === 'between') {
    if (!draft.end) faults.end = chooseEndMessage;
    else if (draft.end > day) faults.end = reportInFutureMessage;
    else if (draft.start && draft.start > draft.end) faults.start ??= reportStartAfterEndMessage;
  }
  return faults;
}

/** The range a valid draft sets, or null while it has a fault. */
export function rangeOfDraft(draft: TimeRangeDraft, now: Date, zone: string): TimeRange | null {
  const faults = timeRangeFaults(draft, now, zone);
  if (faults.start || faults.end) return null;
  if (draft.kind === 'thisMonth') return THIS_MONTH;
  if (draft.kind === 'lastMonth') return LAST_MONTH;
  if (draft.kind === 'fromDate') return { kind: 'fromDate', start: draft.start! };
  return { kind: 'between', start: draft.start!, end: draft.end! };
}

export function sameRange(a: TimeRange, b: TimeRange): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** Part 2 §2.6: 'This Month', 'Last Month', or 'start - end', or 'start - Today'. */
export function timeRangeText(range: TimeRange): string {
  const day = (d: string) => dayjs(d).format('MMM D, YYYY');
  if (range.kind === 'thisMonth' || range.kind === 'lastMonth') return TIME_RANGE_LABELS[range.kind];
  return `${day(range.start)} - ${range.kind === 'between' ? day(range.end) : 'Today'}`;
}

/**
 * The dates asked of the server. 'This Month' names its first day, so an answer kept on the device is
 * never taken for another month's; the end is left to the server's today where the range runs to today.
 */
export function reportQueryOf(range: TimeRange, now: Date, zone: string): { startDate: string; endDate?: string } {
  if (range.kind === 'thisMonth') return { startDate: monthStart(now, zone) };
  if (range.kind === 'lastMonth') {
    const endDate = addDays(monthStart(now, zone), -1);
    return { startDate: firstOfMonth(endDate), endDate };
  }
  return range.kind === 'between' ? { startDate: range.start, endDate: range.end } : { startDate: range.start };
}
