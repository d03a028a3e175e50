import { VISIT_NOTES_MAX } from '../../../../../core/schema/maintenance.ts';
import { completionError } from '../../../../components/record-tab/completion-form.ts';
import type { FieldErrors, RecordField } from '../../../../components/record-tab/fields.ts';

export const SCHEDULED_DATE_REQUIRED = 'Scheduled date is required';

/** The dialog of an LTI or PMI. */
export interface VisitForm {
  mxDate: string | null;
  completed: boolean;
  completionDate: string | null;
  passed: boolean | null;
  notes: string;
}

export const VISIT_SCHEDULE_FIELDS: RecordField<VisitForm>[] = [{ name: 'mxDate', label: 'Scheduled For', kind: 'date', required: true }];

/** Part 1 §4: Passed only while completed. */
export const VISIT_EDIT_FIELDS: RecordField<VisitForm>[] = [
  ...VISIT_SCHEDULE_FIELDS,
  { name: 'completed', label: 'Completed', kind: 'checkbox' },
  { name: 'completionDate', label: 'Completed On', kind: 'date', notAfterToday: true },
  { name: 'passed', label: 'Passed', kind: 'checkbox', disabled: (form) => !form.completed },
  { name: 'notes', label: 'Notes', kind: 'textarea', maxLength: VISIT_NOTES_MAX },
];

/** Part 1 §5: the date is required; a completed visit needs its date, not after today. */
export function validateVisit(form: VisitForm, zone: string): FieldErrors<VisitForm> {
  return { mxDate: form.mxDate ? undefined : SCHEDULED_DATE_REQUIRED, completionDate: completionError(form, zone) };
}
