import { reportInFutureMessage, type MonthlyReportQuery } from '../schema/monthly-report.ts';
import { dayOf, firstOfMonth } from './org-clock.ts';

/** A report's range: calendar days of the organization, both included. */
export interface ReportRange {
  startDate: string;
  endDate: string;
}

/** The first day of `now`'s month in the organization's zone. */
export function monthStart(now: Date, zone: string): string {
  return firstOfMonth(dayOf(now, zone));
}

/**
 * The days a monthly report covers (part 2 §2.6, §9): without dates this month to today ('This Month'),
 * with a start only from it to today ('From Date'), with both between them ('Between Dates'); today is
 * the organization's (core/rules/org-clock.ts), on the device and the server alike.
 */
export function reportRange(query: Pick<MonthlyReportQuery, 'startDate' | 'endDate'>, now: Date, zone: string): ReportRange {
  return { startDate: query.startDate ?? monthStart(now, zone), endDate: query.endDate ?? dayOf(now, zone) };
}

/** Part 2 §5: neither date in the future (after the organization's today). Null when the range is fine. */
export function reportRangeFault(query: Pick<MonthlyReportQuery, 'startDate' | 'endDate'>, now: Date, zone: string): string | null {
  const today = dayOf(now, zone);
  if ((query.startDate ?? '') > today || (query.endDate ?? '') > today) return reportInFutureMessage;
  return null;
}
