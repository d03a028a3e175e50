import { reportInFutureMessage, type MonthlyReportQuery } from '../schema/monthly-report.ts';

/** A report's range: UTC days, both included. */
export interface ReportRange {
  startDate: string;
  endDate: string;
}

const utcDay = (d: Date) => d.toISOString().slice(0, 10);

/** The first day of `now`'s UTC month. */
export function monthStart(now: Date): string {
  return `${utcDay(now).slice(0, 8)}01`;
}

/**
 * The days a monthly report covers (part 2 §2.6, §9): without dates this month to today ('This Month'),
 * with a start only from it to today ('From Date'), with both between them ('Between Dates').
 */
export function reportRange(query: Pick<MonthlyReportQuery, 'startDate' | 'endDate'>, now: Date): ReportRange {
  return { startDate: query.startDate ?? monthStart(now), endDate: query.endDate ?? utcDay(now) };
}

/** Part 2 §5: neither date in the future (after today, UTC). Null when the range is fine. */
export function reportRangeFault(query: Pick<MonthlyReportQuery, 'startDate' | 'endDate'>, now: Date): string | null {
  const today = utcDay(now);
  if ((query.startDate ?? '') > today || (query.endDate ?? '') > today) return reportInFutureMessage;
  return null;
}
