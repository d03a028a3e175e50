import { completionAfter, completionDateError, passedError, visitAfter, type Completion, type Visit } from '../../../core/rules/completion.ts';
import { badRequest } from '../../http/errors.ts';

/** The server does not know the user's time zone: "today" reaches 14 hours past its own day (every zone). */
export const TODAY_SLACK_MS = 14 * 3_600_000;

const dateOrNull = (iso: string | null) => (iso ? new Date(iso) : null);

/**
 * The completion columns a change sets (part 1 §4, core/rules/completion.ts); a completion date after
 * today is refused.
 */
export function completionColumns(current: Completion, changes: Partial<Completion>, now: Date): { completed: boolean; completionDate: Date | null } {
  const next = completionAfter(current, changes, now);
  const error = changes.completionDate !== undefined ? completionDateError(next.completionDate, now, TODAY_SLACK_MS) : null;
  if (error) throw badRequest(`completionDate: ${error}`);
  return { completed: next.completed, completionDate: dateOrNull(next.completionDate) };
}

/** The completion and result columns of an LTI or PMI change: Passed only while completed. */
export function visitColumns(current: Visit, changes: Partial<Visit>, now: Date): { completed: boolean; completionDate: Date | null; passed: boolean | null } {
  const error = passedError(current, changes, now);
  if (error) throw badRequest(`passed: ${error}`);
  return { ...completionColumns(current, changes, now), passed: visitAfter(current, changes, now).passed };
}
