import { completionAfter, completionDateError, passedError, visitAfter, type Completion, type Visit } from '../../../core/rules/completion.ts';
import { badRequest } from '../../http/errors.ts';

const dateOrNull = (iso: string | null) => (iso ? new Date(iso) : null);

/**
 * The completion columns a change sets (part 1 §4, core/rules/completion.ts); a completion date after
 * the organization's today is refused.
 */
export function completionColumns(current: Completion, changes: Partial<Completion>, now: Date, zone: string): { completed: boolean; completionDate: Date | null } {
  const next = completionAfter(current, changes, now);
  const error = changes.completionDate !== undefined ? completionDateError(next.completionDate, now, zone) : null;
  if (error) throw badRequest(`completionDate: ${error}`);
  return { completed: next.completed, completionDate: dateOrNull(next.completionDate) };
}

/** The completion and result columns of an LTI or PMI change: Passed only while completed. */
export function visitColumns(
  current: Visit,
  changes: Partial<Visit>,
  now: Date,
  zone: string,
): { completed: boolean; completionDate: Date | null; passed: boolean | null } {
  const error = passedError(current, changes, now);
  if (error) throw badRequest(`passed: ${error}`);
  return { ...completionColumns(current, changes, now, zone), passed: visitAfter(current, changes, now).passed };
}
