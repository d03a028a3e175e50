import dayjs from 'dayjs';
import { dayOf } from '../../../core/rules/org-clock.ts';
import { INSIGHTS_MIN_DATE, insightsPaths, insightsStartAfterEndMessage, insightsStartTooEarlyMessage, type InsightsCall } from '../../../core/schema/insights.ts';

/** The days Insights covers, yyyy-MM-dd, both included. */
export interface InsightsRange {
  start: string;
  end: string;
}

const day = (d: dayjs.Dayjs) => d.format('YYYY-MM-DD');

/** Part 2 §9: one year back to today, the organization's day in its zone. */
export function defaultInsightsRange(now: Date, zone: string): InsightsRange {
  const today = dayjs(dayOf(now, zone));
  return { start: day(today.subtract(1, 'year')), end: day(today) };
}

/** Part 2 §5, as the server checks it: what is wrong with the start date, or null. */
export function insightsRangeFault(range: { start: string | null; end: string | null }): string | null {
  if (!range.start) return 'Choose a start date.';
  if (!range.end) return 'Choose an end date.';
  if (range.start < INSIGHTS_MIN_DATE) return insightsStartTooEarlyMessage;
  if (range.start > range.end) return insightsStartAfterEndMessage;
  return null;
}

/** The path and query of one insights call over a range. */
export function insightsKey(call: InsightsCall, range: InsightsRange): string {
  return `${insightsPaths[call].pattern}?start=${range.start}&end=${range.end}`;
}

/** Every month (yyyy-MM) a range touches, the first first. */
export function monthsOf(range: InsightsRange): string[] {
  const months: string[] = [];
  const last = range.end.slice(0, 7);
  for (let m = dayjs(`${range.start.slice(0, 7)}-01`); m.format('YYYY-MM') <= last; m = m.add(1, 'month')) months.push(m.format('YYYY-MM'));
  return months;
}
