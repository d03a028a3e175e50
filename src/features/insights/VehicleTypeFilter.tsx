import { MultiSelect } from '@mantine/core';
import { searchablePickerProps } from '../../components/searchable-picker.ts';

/** The vehicle-type filter of a tab (none chosen: every type). */
export function VehicleTypeFilter({ types, value, onChange }: { types: readonly string[]; value: string[]; onChange(value: string[]): void }) {
  return (
    <MultiSelect
      label="Vehicle types"
      placeholder={value.length === 0 ? 'All vehicle types' : undefined}
      data={[...types]}
      value={value}
      onChange={onChange}
      clearable
      {...searchablePickerProps}
      comboboxProps={{ withinPortal: true }}
      w={{ base: '100%', sm: 360 }}
    />
  );
}
