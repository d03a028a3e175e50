import { dayOf } from './org-clock.ts';

/** Part 1 §4 "completed flags" of scheduled maintenance, PMI, LTI and washes. */

export const COMPLETION_DATE_REQUIRED = 'Completion date is required when completed';
export const COMPLETION_AFTER_TODAY = 'Completion date cannot be after today';

export interface Completion {
  completed: boolean;
  completionDate: string | null;
}

/**
 * The completion a change leads to: a completion date set by hand completes the record; unticking
 * Completed clears the date, and a date cleared by hand un-completes it; ticking Completed keeps the
 * date given, else the one stored, else `now` (the dialog fills in today, so this is for callers that
 * send the flag alone).
 */
export function completionAfter(current: Completion, changes: Partial<Completion>, now: Date): Completion {
  if (changes.completionDate) return { completed: true, completionDate: changes.completionDate };
  if (changes.completed === false || changes.completionDate === null) return { completed: false, completionDate: null };
  if (changes.completed === true) return { completed: true, completionDate: current.completionDate ?? now.toISOString() };
  return current;
}

/** A completion date may not be after today: the organization's day in its zone, on the device and the server alike. */
export function completionDateError(completionDate: string | null, now: Date, zone: string): string | null {
  if (completionDate === null || Number.isNaN(Date.parse(completionDate))) return null;
  return dayOf(completionDate, zone) > dayOf(now, zone) ? COMPLETION_AFTER_TODAY : null;
}

export const PASSED_NEEDS_COMPLETED = 'Passed can only be set once completed';

/** An LTI or PMI: a completion with a result. */
export interface Visit extends Completion {
  passed: boolean | null;
}

/**
 * The visit a change leads to (part 1 §4): its completion as completionAfter says; Passed only while
 * completed, so an uncompleted visit has no result.
 */
export function visitAfter(current: Visit, changes: Partial<Visit>, now: Date): Visit {
  const completion = completionAfter(current, changes, now);
  if (!completion.completed) return { ...completion, passed: null };
  return { ...completion, passed: changes.passed !== undefined ? changes.passed : current.passed };
}

/** A change that sets a result on a visit it leaves uncompleted is refused. */
export function passedError(current: Visit, changes: Partial<Visit>, now: Date): string | null {
  return changes.passed != null && !completionAfter(current, changes, now).completed ? PASSED_NEEDS_COMPLETED : null;
}
