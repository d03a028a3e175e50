/** Part 1 §4 and §5 for TDYs: dates are calendar days (yyyy-MM-dd), so they compare as text. */

export const TDY_END_BEFORE_START = 'The end date cannot be before the start date';
export const TDY_END_AFTER_TODAY = 'A completed TDY cannot end after today';

export interface TdyDates {
  startDate: string;
  endDate: string | null;
  completed: boolean;
}

/**
 * The TDY a change leads to. Ticking Completed ends it today, unless the change gives its end date;
 * unticking clears the end date (part 1 §4). An end date set by hand does not complete a TDY: it is
 * also the planned end of one not yet over (docs/vehicle-tabs.md).
 */
export function tdyAfter(current: TdyDates, changes: Partial<TdyDates>, today: string): TdyDates {
  const next = { ...current, ...changes };
  if (changes.completed === true) return { ...next, endDate: changes.endDate ?? today };
  if (changes.completed === false) return { ...next, endDate: changes.endDate ?? null };
  return next;
}

/**
 * What is wrong with a TDY's dates, if anything: an end before its start, or a completed TDY ending
 * after today. `slackDays` widens today for a server, which does not know the user's time zone.
 */
export function tdyDatesError(t: TdyDates, today: string, slackDays = 0): { field: 'endDate'; message: string } | null {
  if (t.endDate !== null && t.endDate < t.startDate) return { field: 'endDate', message: TDY_END_BEFORE_START };
  if (t.completed && t.endDate !== null && t.endDate > addDays(today, slackDays)) return { field: 'endDate', message: TDY_END_AFTER_TODAY };
  return null;
}

/** A calendar day `days` after `day`. */
export function addDays(day: string, days: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** Today's calendar day where the code runs. */
export function localToday(now: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}
