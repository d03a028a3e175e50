import { COMPLETION_DATE_REQUIRED, completionAfter, completionDateError, type Completion } from '../../../core/rules/completion.ts';

/**
 * Part 1 §4 in a record dialog: ticking Completed fills in now, unticking clears the date, a date set by
 * hand ticks it; for an LTI or PMI, unticking also clears Passed.
 */
export function completionOnChange<F extends Completion & { passed?: boolean | null }>(form: F, changed: keyof F): F {
  if (changed !== 'completed' && changed !== 'completionDate') return form;
  const change = changed === 'completed' ? { completed: form.completed } : { completionDate: form.completionDate };
  const completion = completionAfter({ completed: form.completed, completionDate: changed === 'completed' ? null : form.completionDate }, change, new Date());
  return { ...form, ...completion, ...('passed' in form && !completion.completed ? { passed: null } : {}) };
}

/** Part 1 §5: a completed record needs its completion date, and it may not be after the organization's today. */
export function completionError(form: Completion, zone: string): string | undefined {
  if (form.completed && !form.completionDate) return COMPLETION_DATE_REQUIRED;
  return completionDateError(form.completionDate, new Date(), zone) ?? undefined;
}
