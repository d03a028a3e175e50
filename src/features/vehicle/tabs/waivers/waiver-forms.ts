import { capitalised } from '../../../../../core/rules/waiver.ts';
import { EXPLANATION_MAX, WAIVER_STATUSES, WAIVER_TYPES, type WaiverStatus, type WaiverType } from '../../../../../core/schema/waiver.ts';
import type { FieldErrors, RecordField } from '../../../../components/record-tab/fields.ts';

export interface CreateWaiverForm {
  ruleId: string | null;
  waiverType: WaiverType | null;
  explanation: string;
  pictures: File[];
}

export interface EditWaiverForm {
  waiverType: WaiverType;
  explanation: string;
  status: WaiverStatus;
}

export const WAIVER_MESSAGES = { rule: 'Rule is required', type: 'Type is required', explanation: 'Explanation is required' } as const;

const TYPE_OPTIONS = WAIVER_TYPES.map((t) => ({ value: t, label: capitalised(t) }));
const STATUS_OPTIONS = WAIVER_STATUSES.map((s) => ({ value: s, label: capitalised(s) }));

export const newWaiver = (): CreateWaiverForm => ({ ruleId: null, waiverType: 'warning', explanation: '', pictures: [] });

/** Part 1 §5 "Waiver create": rule, type (warning by default, or fatal) and explanation; photos optional. */
export function createWaiverFields(rules: readonly { value: string; label: string }[]): RecordField<CreateWaiverForm>[] {
  return [
    { name: 'ruleId', label: 'Rule', kind: 'select', required: true, options: rules },
    { name: 'waiverType', label: 'Type', kind: 'select', required: true, options: TYPE_OPTIONS },
    { name: 'explanation', label: 'Explanation', kind: 'textarea', required: true, maxLength: EXPLANATION_MAX },
    { name: 'pictures', label: 'Photos', kind: 'files', files: { use: 'picture', multiple: true, camera: true } },
  ];
}

/** Part 1 §4: after creation only the type and the explanation change, besides the status. */
export const EDIT_WAIVER_FIELDS: RecordField<EditWaiverForm>[] = [
  { name: 'status', label: 'Status', kind: 'select', required: true, options: STATUS_OPTIONS },
  { name: 'waiverType', label: 'Type', kind: 'select', required: true, options: TYPE_OPTIONS },
  { name: 'explanation', label: 'Explanation', kind: 'textarea', required: true, maxLength: EXPLANATION_MAX },
];

export function validateCreateWaiver(form: CreateWaiverForm): FieldErrors<CreateWaiverForm> {
  return {
    ruleId: form.ruleId ? undefined : WAIVER_MESSAGES.rule,
    waiverType: form.waiverType ? undefined : WAIVER_MESSAGES.type,
    explanation: form.explanation.trim() ? undefined : WAIVER_MESSAGES.explanation,
  };
}

export function validateEditWaiver(form: EditWaiverForm): FieldErrors<EditWaiverForm> {
  return { explanation: form.explanation.trim() ? undefined : WAIVER_MESSAGES.explanation };
}
