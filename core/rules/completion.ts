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

/** The last instant of `now`'s day in the local time zone of the code that runs it. */
export function endOfDay(now: Date): Date {
  const end = new Date(now);
  end.setHours(23, 59, 59, 999);
  return end;
}

/**
 * A completion date may not be after today. `slackMs` widens "today" for a server, which does not know
 * the user's time zone (14 hours covers every zone ahead of its own).
 */
export function completionDateError(completionDate: string | null, now: Date, slackMs = 0): string | null {
  if (completionDate === null) return null;
  return new Date(completionDate).getTime() > endOfDay(now).getTime() + slackMs ? COMPLETION_AFTER_TODAY : null;
}
