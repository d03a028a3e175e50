/** Part 1 §2 "Days Away" of scheduled maintenance, LTIs and PMIs. */

const DAY_MS = 24 * 60 * 60 * 1000;

function localDay(date: Date): number {
  return Date.UTC(date.getFullYear(), date.getMonth(), date.getDate());
}

/**
 * Calendar days from today to the day it is scheduled for, in the time zone of the code that runs it
 * (0 today, negative once overdue); null once it has a completion date, since a done job is not away.
 */
export function daysAway(scheduledFor: string, completionDate: string | null, now: Date): number | null {
  if (completionDate !== null) return null;
  return Math.round((localDay(new Date(scheduledFor)) - localDay(now)) / DAY_MS);
}
