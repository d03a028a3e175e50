import { dayOf, daysBetween } from './org-clock.ts';

/** Part 1 §2 "Days Away" of scheduled maintenance, LTIs and PMIs. */

/**
 * Calendar days of the organization's zone from today to the day it is scheduled for (0 today,
 * negative once overdue); null once it has a completion date, since a done job is not away.
 */
export function daysAway(scheduledFor: string, completionDate: string | null, now: Date, zone: string): number | null {
  if (completionDate !== null) return null;
  return daysBetween(dayOf(now, zone), dayOf(scheduledFor, zone));
}
