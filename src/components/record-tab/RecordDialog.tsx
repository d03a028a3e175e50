import { useState } from 'react';
import { SimpleGrid } from '@mantine/core';
import { changedFields } from '../../../core/rules/changed-fields.ts';
import { useOrgTimeZone } from '../../shared/org-time-zone.ts';
import { FormModal } from '../FormModal.tsx';
import { hasFieldErrors, type FieldErrors, type RecordField } from './fields.ts';
import { RecordFieldInput } from './RecordFieldInput.tsx';

export interface RecordDialogProps<V extends object> {
  title: string;
  submitLabel: string;
  fields: readonly RecordField<V>[];
  /** The values the dialog opens with: the record's, or the blanks of a new one. */
  initial: V;
  /** `zone`: the organization's, whose today a date may not pass. */
  validate(values: V, zone: string): FieldErrors<V>;
  /** Rules between fields, run on every change (e.g. Completed and its completion date, part 1 §4). */
  onChange?(values: V, changed: keyof V, zone: string): V;
  /** An edit may be submitted only once something changed; a new record once it is valid. */
  mode: 'create' | 'edit';
  /** Told the values (create) or only the fields that changed (edit). */
  onSubmit(values: Partial<V>): Promise<void>;
  onClose(): void;
  /** Lays a long form out in two columns (one on a narrow screen), so a tablet shows it without scrolling. */
  twoColumns?: boolean;
}

/**
 * A day field opens its calendar when focused, a searchable choice its list: focused as the dialog
 * opens, either would cover the fields below it, so such a dialog starts at its close button instead
 * (Mantine's default).
 */
const OPENS_ON_FOCUS = new Set<RecordField<unknown>['kind']>(['date', 'calendarDay', 'select', 'files']);

/**
 * The add and edit dialog of a record tab, drawn from field descriptions. Errors show once a field was
 * touched; Submit stays disabled while any remain (and, for an edit, until something changed).
 */
export function RecordDialog<V extends object>({
  title,
  submitLabel,
  fields,
  initial,
  validate,
  onChange,
  mode,
  onSubmit,
  onClose,
  twoColumns = false,
}: RecordDialogProps<V>) {
  const [values, setValues] = useState<V>(initial);
  const [touched, setTouched] = useState<Set<keyof V>>(new Set());
  const zone = useOrgTimeZone();
  const errors = validate(values, zone);
  const changes = changedFields(initial, values);
  const changed = Object.keys(changes).length > 0;

  const set = (name: keyof V, value: unknown) => {
    setTouched((prev) => new Set(prev).add(name));
    setValues((prev) => {
      const next = { ...prev, [name]: value };
      return onChange ? onChange(next, name, zone) : next;
    });
  };

  return (
    <FormModal
      size={twoColumns ? 'xl' : undefined}
      opened
      onClose={onClose}
      title={title}
      submitLabel={submitLabel}
      canSubmit={!hasFieldErrors(errors) && (mode === 'create' || changed)}
      dirty={changed}
      onSubmit={() => onSubmit(mode === 'edit' ? changes : values)}
    >
      <SimpleGrid cols={{ base: 1, sm: twoColumns ? 2 : 1 }} spacing="md" verticalSpacing="sm">
        {fields.map((field, index) =>
          field.hidden?.(values) ? null : (
            <RecordFieldInput
              key={field.name}
              field={field}
              value={values[field.name]}
              values={values}
              error={touched.has(field.name) ? errors[field.name] : undefined}
              autoFocus={index === 0 && !OPENS_ON_FOCUS.has(field.kind)}
              onChange={(value) => set(field.name, value)}
              onBlur={() => setTouched((prev) => new Set(prev).add(field.name))}
            />
          ),
        )}
      </SimpleGrid>
    </FormModal>
  );
}
