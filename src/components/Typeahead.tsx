import type { ReactNode } from 'react';
import { Select } from '@mantine/core';
import { searchablePickerProps } from './searchable-picker.ts';

/** Part 1 §9: the limits of every searchable picker, kept in `searchable-picker.ts`. */
export { NO_MATCHES_MESSAGE, searchablePickerProps, TYPEAHEAD_LIMIT, TYPEAHEAD_MAX_HEIGHT_PX } from './searchable-picker.ts';

export interface TypeaheadOption {
  value: string;
  label: string;
}

export interface TypeaheadProps {
  label: ReactNode;
  options: readonly TypeaheadOption[];
  /** The chosen option's value; null while none is chosen. */
  value: string | null;
  onChange: (value: string | null) => void;
  onBlur?: () => void;
  error?: ReactNode;
  placeholder?: string;
  required?: boolean;
  disabled?: boolean;
  description?: ReactNode;
}

/**
 * A searchable single choice (role by label, section by name): typing narrows the options to those
 * whose label contains the text, case-insensitive. Arrow keys move through the options, Enter picks
 * one, Escape closes the menu. Choosing the chosen option again keeps it (no accidental clearing).
 */
export function Typeahead({ label, options, value, onChange, onBlur, error, placeholder, required, disabled, description }: TypeaheadProps) {
  return (
    <Select
      label={label}
      description={description}
      data={options as TypeaheadOption[]}
      value={value}
      onChange={(next) => onChange(next)}
      onBlur={onBlur}
      error={error}
      placeholder={placeholder ?? 'Type to search'}
      required={required}
      disabled={disabled}
      {...searchablePickerProps}
      allowDeselect={false}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
