/**
 * Part 1 §4 and §5 for TDYs: dates are calendar days (yyyy-MM-dd) of the organization's zone, so they
 * compare as text; `today` is `dayOf(now, zone)` (core/rules/org-clock.ts) on the device and the server.
 */

export const TDY_END_BEFORE_START = 'The end date cannot be before the start date';
export const TDY_END_AFTER_TODAY = 'A completed TDY cannot end after today';
export const TDY_END_REQUIRED = 'A completed TDY that has started needs its end date';

export interface TdyDates {
  startDate: string;
  endDate: string | null;
  completed: boolean;
}

/** A TDY that has not started yet (it starts after today): completing it cancels it. */
export const isPlanned = (t: Pick<TdyDates, 'startDate'>, today: string): boolean => t.startDate > today;

/**
 * The TDY a change leads to. Ticking Completed ends it today, unless the change gives its end date;
 * a TDY that has not started is cancelled instead: completed with no end date, since it never ran.
 * Unticking clears the end date (part 1 §4). An end date set by hand does not complete a TDY: it is
 * also the planned end of one not yet over (docs/vehicle-tabs.md).
 */
export function tdyAfter(current: TdyDates, changes: Partial<TdyDates>, today: string): TdyDates {
  const next = { ...current, ...changes };
  if (changes.completed === true) return { ...next, endDate: changes.endDate !== undefined ? changes.endDate : isPlanned(next, today) ? null : today };
  if (changes.completed === false) return { ...next, endDate: changes.endDate ?? null };
  return next;
}

/**
 * What is wrong with a TDY's dates, if anything: an end before its start, a completed TDY ending
 * after today, or one completed without an end date though it has started (only a planned one is
 * cancelled that way).
 */
export function tdyDatesError(t: TdyDates, today: string): { field: 'endDate'; message: string } | null {
  if (t.endDate !== null && t.endDate < t.startDate) return { field: 'endDate', message: TDY_END_BEFORE_START };
  if (t.completed && t.endDate !== null && t.endDate > today) return { field: 'endDate', message: TDY_END_AFTER_TODAY };
  if (t.completed && t.endDate === null && !isPlanned(t, today)) return { field: 'endDate', message: TDY_END_REQUIRED };
  return null;
}
