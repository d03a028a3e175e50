import { Checkbox, NumberInput, Select, Textarea, TextInput } from '@mantine/core';
import { DateInput, DateTimePicker } from '@mantine/dates';
import dayjs from 'dayjs';
import { DATE_TIME_FILTER_FORMAT } from '../data-grid/index.ts';
import { FilePicker } from '../file-picker/FilePicker.tsx';
import type { RecordField } from './fields.ts';
import { useOrgTimeZone } from '../../shared/org-time-zone.ts';
import { fromPickerDate, orgTodayEndPicker, toPickerDate } from '../../shared/org-picker-dates.ts';
import { searchablePickerProps } from '../searchable-picker.ts';

const DAY_FORMAT = 'MM/DD/YYYY';

export interface RecordFieldInputProps<V> {
  field: RecordField<V>;
  value: unknown;
  values: V;
  error: string | undefined;
  autoFocus: boolean;
  onChange(value: unknown): void;
  onBlur(): void;
}

/** One field of a record dialog, drawn by its kind (fields.ts). */
export function RecordFieldInput<V>({ field, value, values, error, autoFocus, onChange, onBlur }: RecordFieldInputProps<V>) {
  const disabled = field.disabled?.(values) ?? false;
  const focus = autoFocus ? { 'data-autofocus': true } : {};
  const zone = useOrgTimeZone();
  const maxDate = field.notAfterToday ? orgTodayEndPicker(new Date(), zone) : undefined;
  switch (field.kind) {
    case 'files':
      return (
        <FilePicker
          label={field.label}
          use={field.files?.use ?? 'document'}
          multiple={field.files?.multiple}
          camera={field.files?.camera}
          required={field.required}
          value={Array.isArray(value) ? (value as File[]) : []}
          onChange={(files) => {
            onChange(files);
            onBlur();
          }}
          error={error}
        />
      );
    case 'checkbox':
      return <Checkbox label={field.label} checked={value === true} disabled={disabled} onChange={(event) => onChange(event.currentTarget.checked)} />;
    case 'text':
    case 'textarea': {
      const common = {
        label: field.label,
        size: 'md' as const,
        required: field.required,
        disabled,
        maxLength: field.maxLength,
        value: typeof value === 'string' ? value : '',
        error,
        onBlur,
        autoComplete: 'off',
        ...focus,
      };
      return field.kind === 'text' ? (
        <TextInput {...common} onChange={(event) => onChange(event.currentTarget.value)} />
      ) : (
        <Textarea {...common} autosize minRows={2} maxRows={6} onChange={(event) => onChange(event.currentTarget.value)} />
      );
    }
    case 'number':
      return (
        <NumberInput
          label={field.label}
          size="md"
          required={field.required}
          disabled={disabled}
          allowDecimal={false}
          allowNegative={false}
          thousandSeparator=","
          value={typeof value === 'number' ? value : ''}
          onChange={(next) => onChange(typeof next === 'number' ? next : next === '' ? null : Number(next))}
          onBlur={onBlur}
          error={error}
          {...focus}
        />
      );
    case 'select':
      return (
        <Select
          label={field.label}
          size="md"
          required={field.required}
          clearable={!field.required}
          {...searchablePickerProps}
          disabled={disabled}
          data={(field.options ?? []).map((o) => ({ value: o.value, label: o.label }))}
          value={typeof value === 'string' ? value : null}
          onChange={(next) => onChange(next)}
          onBlur={onBlur}
          error={error}
          comboboxProps={{ withinPortal: true }}
          {...focus}
        />
      );
    case 'date':
    case 'calendarDay': {
      const toValue = (picked: string | Date | null) => {
        if (!picked) return null;
        const day = dayjs(picked).startOf('day');
        return field.kind === 'date' ? fromPickerDate(day.toDate(), zone, false) : day.format('YYYY-MM-DD');
      };
      const shown = typeof value !== 'string' ? null : field.kind === 'date' ? toPickerDate(value, zone) : dayjs(value).toDate();
      return (
        <DateInput
          label={field.label}
          size="md"
          required={field.required}
          clearable={!field.required}
          disabled={disabled}
          valueFormat={DAY_FORMAT}
          maxDate={maxDate}
          value={shown}
          onChange={(picked) => onChange(toValue(picked))}
          onBlur={onBlur}
          error={error}
          popoverProps={{ withinPortal: true }}
          {...focus}
        />
      );
    }
    case 'dateTime':
      return (
        <DateTimePicker
          label={field.label}
          size="md"
          required={field.required}
          clearable={!field.required}
          disabled={disabled}
          valueFormat={DATE_TIME_FILTER_FORMAT}
          maxDate={maxDate}
          value={typeof value === 'string' ? toPickerDate(value, zone) : null}
          onChange={(picked) => onChange(picked ? fromPickerDate(new Date(picked), zone, true) : null)}
          onBlur={onBlur}
          error={error}
          popoverProps={{ withinPortal: true }}
          {...focus}
        />
      );
  }
}
