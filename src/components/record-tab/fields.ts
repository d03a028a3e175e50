import type { FileUse } from '../../../core/rules/file-type.ts';

/**
 * A field of a record dialog, described once: the dialog draws it and the tab reads its label.
 * Kinds and the value each holds: dateTime, an ISO instant with the time picked; date, an ISO instant at
 * the start of the picked day (a day something is scheduled for), both on the organization's clock
 * (src/shared/org-picker-dates.ts); calendarDay, the
 * day as yyyy-MM-dd (a TDY's start and end); checkbox, a boolean; text and textarea, a string; number,
 * a whole number or null; select, one of `options` (a string) or null; files, the chosen File[].
 */
export interface RecordField<V> {
  name: Extract<keyof V, string>;
  label: string;
  kind: 'dateTime' | 'date' | 'calendarDay' | 'checkbox' | 'text' | 'textarea' | 'number' | 'select' | 'files';
  required?: boolean;
  /** Dates: no day after the organization's today may be picked (a completion or a discovery). */
  notAfterToday?: boolean;
  /** Text: the most characters that may be typed. */
  maxLength?: number;
  /** Select: the choices. */
  options?: readonly { value: string; label: string }[];
  /** Files: what they are for (which types are taken), whether several, and 'Take Photo'. */
  files?: { use: FileUse; multiple?: boolean; camera?: boolean };
  /** Shown only while the values say so (e.g. the image of a discrepancy once 'Upload image' is ticked). */
  hidden?: (values: V) => boolean;
  /** Disabled while the values say so (e.g. Passed until Completed is ticked, part 1 §4). */
  disabled?: (values: V) => boolean;
}

export type FieldErrors<V> = Partial<Record<keyof V, string>>;

export function hasFieldErrors<V>(errors: FieldErrors<V>): boolean {
  return Object.values(errors).some(Boolean);
}
