import type { Af1800Month } from '../schema/af1800.ts';
import { FIRST_YEAR } from '../schema/common.ts';

/**
 * The month of an AF1800 form is a UTC calendar month: the organization's shift times are in UTC
 * (part 2 §3), so the server and every device, wherever they are, put a record in the same month.
 */
export interface MonthRange {
  /** The first moment of the month, as epoch milliseconds (included). */
  start: number;
  /** The first moment of the next month (excluded). */
  end: number;
}

export function af1800MonthRange(month: Af1800Month): MonthRange {
  return { start: Date.UTC(month.year, month.month - 1, 1), end: Date.UTC(month.year, month.month, 1) };
}

/** The form month a moment falls in: its UTC month. */
export function af1800MonthOf(at: Date): Af1800Month {
  return { year: at.getUTCFullYear(), month: at.getUTCMonth() + 1 };
}

/** The month of the current form: the month of `now`. */
export function currentAf1800Month(now: Date): Af1800Month {
  return af1800MonthOf(now);
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
export function af1800MonthProblem(month: Af1800Month, now: Date): string | null {
  if (!Number.isInteger(month.month) || month.month < 1 || month.month > 12) return AF1800_MONTH_MESSAGE;
  if (!Number.isInteger(month.year) || month.year < FIRST_YEAR) return AF1800_YEAR_MESSAGE;
  const current = currentAf1800Month(now);
  if (month.year * 12 + month.month > current.year * 12 + current.month) {
    return `${formatAf1800Month(month)} is in the future: choose ${formatAf1800Month(current)} or an earlier month`;
  }
  return null;
}
