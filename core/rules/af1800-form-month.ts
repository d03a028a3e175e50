import type { Af1800Month } from '../schema/af1800.ts';
import { FIRST_YEAR } from '../schema/common.ts';
import { addDays, dayOf, lastOfMonth, monthOf, startOfDay } from './org-clock.ts';

/**
 * The month of an AF1800 form is a calendar month of the organization's zone, from its first midnight
 * to the next month's: the server and every device, wherever they are, put a record in the same month.
 */
export interface MonthRange {
  /** The first moment of the month, as epoch milliseconds (included). */
  start: number;
  /** The first moment of the next month (excluded). */
  end: number;
}

const firstDayOf = (month: Af1800Month) => `${String(month.year).padStart(4, '0')}-${String(month.month).padStart(2, '0')}-01`;

export function af1800MonthRange(month: Af1800Month, zone: string): MonthRange {
  const first = firstDayOf(month);
  return { start: startOfDay(first, zone), end: startOfDay(addDays(lastOfMonth(first), 1), zone) };
}

/** The form month a moment falls in: its month in the organization's zone. */
export function af1800MonthOf(at: Date, zone: string): Af1800Month {
  const [year, month] = monthOf(at, zone).split('-').map(Number);
  return { year: year!, month: month! };
}

/** The month of the current form: the month of `now`. */
export function currentAf1800Month(now: Date, zone: string): Af1800Month {
  return af1800MonthOf(now, zone);
}

/**
 * On the first days of a month the month just ended is the one to print: its forms are complete and
 * are owed, while the new month's hold a day or two. Through the 5th (a working week), the Monthly
 * AF1800 Report opens on the month before; from the 6th on the current one (issue 52).
 */
export const LAST_MONTH_DEFAULT_DAYS = 5;

/** The month the Monthly AF1800 Report opens on, in the organization's zone. */
export function defaultReportMonth(now: Date, zone: string): Af1800Month {
  const current = currentAf1800Month(now, zone);
  if (Number(dayOf(now, zone).slice(8)) > LAST_MONTH_DEFAULT_DAYS) return current;
  return current.month === 1 ? { year: current.year - 1, month: 12 } : { year: current.year, month: current.month - 1 };
}

/** MM/yyyy, as the month picker and the modal titles write a month (part 2 §2.8, §5). */
export function formatAf1800Month(month: Af1800Month): string {
  return `${String(month.month).padStart(2, '0')}/${String(month.year).padStart(4, '0')}`;
}

export const AF1800_MONTH_MESSAGE = 'The month must be 1 to 12 (01 to 12)';
export const AF1800_YEAR_MESSAGE = `The year must be ${FIRST_YEAR} or later`;

/**
 * Why a month cannot have a form, in words a person can act on; null when it can. A month after the
 * current one has no records yet, so asking for it is a mistake rather than an empty form.
 */
export function af1800MonthProblem(month: Af1800Month, now: Date, zone: string): string | null {
  if (!Number.isInteger(month.month) || month.month < 1 || month.month > 12) return AF1800_MONTH_MESSAGE;
  if (!Number.isInteger(month.year) || month.year < FIRST_YEAR) return AF1800_YEAR_MESSAGE;
  const current = currentAf1800Month(now, zone);
  if (month.year * 12 + month.month > current.year * 12 + current.month) {
    return `${formatAf1800Month(month)} is in the future: choose ${formatAf1800Month(current)} or an earlier month`;
  }
  return null;
}
