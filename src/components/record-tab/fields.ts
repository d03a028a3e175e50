/** A field of a record dialog, described once: the dialog draws it and the tab reads its label. */
export interface RecordField<V> {
  name: Extract<keyof V, string>;
  label: string;
  kind: 'dateTime' | 'checkbox';
  required?: boolean;
  /** dateTime: the latest day that may be picked (e.g. a completion date: today). */
  maxDate?: () => Date;
}

export type FieldErrors<V> = Partial<Record<keyof V, string>>;

export function hasFieldErrors<V>(errors: FieldErrors<V>): boolean {
  return Object.values(errors).some(Boolean);
}
