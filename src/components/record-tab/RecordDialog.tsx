import { useState } from 'react';
import { Checkbox } from '@mantine/core';
import { DateTimePicker } from '@mantine/dates';
import { changedFields } from '../../../core/rules/changed-fields.ts';
import { DATE_TIME_FILTER_FORMAT } from '../data-grid/index.ts';
import { FormModal } from '../FormModal.tsx';
import { hasFieldErrors, type FieldErrors, type RecordField } from './fields.ts';

export interface RecordDialogProps<V extends object> {
  title: string;
  submitLabel: string;
  fields: readonly RecordField<V>[];
  /** The values the dialog opens with: the record's, or the blanks of a new one. */
  initial: V;
  validate(values: V): FieldErrors<V>;
  /** Rules between fields, run on every change (e.g. Completed and its completion date, part 1 §4). */
  onChange?(values: V, changed: keyof V): V;
  /** An edit may be submitted only once something changed; a new record once it is valid. */
  mode: 'create' | 'edit';
  /** Told the values (create) or only the fields that changed (edit). */
  onSubmit(values: Partial<V>): Promise<void>;
  onClose(): void;
}

/**
 * The add and edit dialog of a record tab, drawn from field descriptions. Errors show once a field was
 * touched; Submit stays disabled while any remain (and, for an edit, until something changed).
 */
export function RecordDialog<V extends object>({ title, submitLabel, fields, initial, validate, onChange, mode, onSubmit, onClose }: RecordDialogProps<V>) {
  const [values, setValues] = useState<V>(initial);
  const [touched, setTouched] = useState<Set<keyof V>>(new Set());
  const errors = validate(values);
  const changes = changedFields(initial, values);
  const changed = Object.keys(changes).length > 0;

  const set = (name: keyof V, value: unknown) => {
    setTouched((prev) => new Set(prev).add(name));
    setValues((prev) => {
      const next = { ...prev, [name]: value };
      return onChange ? onChange(next, name) : next;
    });
  };

  return (
    <FormModal
      opened
      onClose={onClose}
      title={title}
      submitLabel={submitLabel}
      canSubmit={!hasFieldErrors(errors) && (mode === 'create' || changed)}
      dirty={changed}
      onSubmit={() => onSubmit(mode === 'edit' ? changes : values)}
    >
      {fields.map((field, index) => {
        const value = values[field.name] as unknown;
        const error = touched.has(field.name) ? errors[field.name] : undefined;
        if (field.kind === 'checkbox') {
          return <Checkbox key={field.name} label={field.label} checked={value === true} onChange={(event) => set(field.name, event.currentTarget.checked)} />;
        }
        return (
          <DateTimePicker
            key={field.name}
            label={field.label}
            size="md"
            required={field.required}
            clearable={!field.required}
            valueFormat={DATE_TIME_FILTER_FORMAT}
            maxDate={field.maxDate?.()}
            value={typeof value === 'string' ? new Date(value) : null}
            onChange={(picked) => set(field.name, picked ? new Date(picked).toISOString() : null)}
            onBlur={() => setTouched((prev) => new Set(prev).add(field.name))}
            error={error}
            popoverProps={{ withinPortal: true }}
            data-autofocus={index === 0 ? true : undefined}
          />
        );
      })}
    </FormModal>
  );
}
