import type { ReactNode } from 'react';
import { Autocomplete } from '@mantine/core';
import { typeaheadListProps } from '../components/searchable-picker.ts';

export interface VehicleTypeInputProps {
  label?: ReactNode;
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  /** The organization's type names. */
  types: readonly string[];
  error?: ReactNode;
  'data-autofocus'?: boolean;
}

/**
 * A vehicle type: one of the organization's, or a new name typed in (part 1 §2, part 2 §5). Typing
 * narrows the list; text that matches no type is a new type, checked by the form's rules.
 */
export function VehicleTypeInput({ label = 'Vehicle Type', value, onChange, onBlur, types, error, ...rest }: VehicleTypeInputProps) {
  return (
    <Autocomplete
      label={label}
      required
      size="md"
      data={types as string[]}
      value={value}
      onChange={onChange}
      onBlur={onBlur}
      error={error}
      placeholder="Choose or type a new type"
      {...typeaheadListProps}
      comboboxProps={{ withinPortal: true }}
      autoComplete="off"
      {...rest}
    />
  );
}
