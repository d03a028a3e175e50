import { useState } from 'react';
import { Checkbox, SimpleGrid, TextInput } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import dayjs from 'dayjs';
import {
  changedDescription,
  descriptionErrors,
  descriptionValues,
  hasErrors,
  resolveVehicleType,
  type DescriptionForm,
  type DescriptionValues,
} from '../../../../core/rules/vehicle-form.ts';
import type { Vehicle } from '../../../../core/schema/vehicle.ts';
import { FormModal } from '../../../components/FormModal.tsx';
import { VehicleTypeInput } from '../../../shared/VehicleTypeInput.tsx';

export interface EditDescriptionDialogProps {
  vehicle: Vehicle;
  /** The organization's vehicle type names. */
  types: readonly string[];
  onClose: () => void;
  /** The changed fields; `newType` when the type is not one of the organization's yet. */
  onSave: (changes: Partial<DescriptionValues>, newType: string | null) => Promise<void>;
}

const formOf = (v: Vehicle): DescriptionForm => ({
  vehicleType: v.vehicleType,
  year: v.year === null ? '' : String(v.year),
  make: v.make ?? '',
  model: v.model ?? '',
  wrm: v.wrm,
  eolDate: v.eolDate,
});

const currentValues = (v: Vehicle): DescriptionValues => ({
  vehicleType: v.vehicleType,
  year: v.year,
  make: v.make,
  model: v.model,
  wrm: v.wrm,
  eolDate: v.eolDate,
});

/**
 * The description (part 1 §5): type required (one of the organization's or a new one typed in),
 * year a whole number, make and model trimmed with empty sent as null, WRM, and an EOL date that
 * may be cleared. Only the changed fields are sent.
 */
export function EditDescriptionDialog({ vehicle, types, onClose, onSave }: EditDescriptionDialogProps) {
  const [form, setForm] = useState<DescriptionForm>(() => formOf(vehicle));
  const set = <K extends keyof DescriptionForm>(key: K, value: DescriptionForm[K]) => setForm((prev) => ({ ...prev, [key]: value }));

  // A vehicle keeps its type even if the organization's list no longer names it.
  const known = types.some((t) => t.toLowerCase() === vehicle.vehicleType.toLowerCase()) ? types : [...types, vehicle.vehicleType];
  const errors = descriptionErrors(form, known);
  const valid = !hasErrors(errors);
  const changes = valid ? changedDescription(descriptionValues(form, known), currentValues(vehicle)) : {};
  const changed = Object.keys(changes).length > 0;

  const submit = () => {
    const type = resolveVehicleType(form.vehicleType, known);
    return onSave(changes, changes.vehicleType !== undefined && type.isNew ? type.vehicleType : null);
  };

  return (
    <FormModal opened onClose={onClose} title="Edit Description" size="lg" onSubmit={submit} submitLabel="Save" canSubmit={valid && changed} dirty={changed}>
      <VehicleTypeInput value={form.vehicleType} types={known} onChange={(value) => set('vehicleType', value)} error={errors.vehicleType} />
      <SimpleGrid cols={3} spacing="md">
        <TextInput
          label="Year"
          inputMode="numeric"
          data-autofocus
          value={form.year}
          onChange={(e) => set('year', e.currentTarget.value)}
          error={errors.year}
          autoComplete="off"
        />
        <TextInput label="Make" value={form.make} onChange={(e) => set('make', e.currentTarget.value)} error={errors.make} autoComplete="off" />
        <TextInput label="Model" value={form.model} onChange={(e) => set('model', e.currentTarget.value)} error={errors.model} autoComplete="off" />
      </SimpleGrid>
      <SimpleGrid cols={2} spacing="md">
        <DateInput
          label="EOL Date"
          size="md"
          clearable
          valueFormat="MM/DD/YYYY"
          value={form.eolDate ? dayjs(form.eolDate).toDate() : null}
          onChange={(value) => set('eolDate', value ? dayjs(value).format('YYYY-MM-DD') : null)}
          popoverProps={{ withinPortal: true }}
        />
        <Checkbox label="WRM" checked={form.wrm} onChange={(e) => set('wrm', e.currentTarget.checked)} mt={30} />
      </SimpleGrid>
    </FormModal>
  );
}
