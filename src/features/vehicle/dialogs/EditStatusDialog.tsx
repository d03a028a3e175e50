import { useState } from 'react';
import { Checkbox, Group, Radio, Stack, Text } from '@mantine/core';
import { DateTimePicker } from '@mantine/dates';
import { CLEAR_ETIC_LABEL, statusChanged, statusChanges, type StatusForm } from '../../../../core/rules/vehicle-form.ts';
import { VEHICLE_STATUS_LABELS, VEHICLE_STATUSES, type VehicleStatus } from '../../../../core/schema/vehicle.ts';
import { DATE_TIME_FILTER_FORMAT } from '../../../components/data-grid/index.ts';
import { FormModal } from '../../../components/FormModal.tsx';
import { StatusIcon } from '../../../shared/StatusIcon.tsx';

export interface EditStatusDialogProps {
  status: VehicleStatus;
  eticDate: string | null;
  onClose: () => void;
  onSave: (changes: { status: VehicleStatus; eticDate?: string | null }) => Promise<void>;
}

/**
 * The status update dialog (part 1 §4): any status to any other; an ETIC date for every status but
 * valid; choosing valid shows 'Clear ETIC?', ticked by default, which sends a null ETIC.
 */
export function EditStatusDialog({ status, eticDate, onClose, onSave }: EditStatusDialogProps) {
  const [form, setForm] = useState<StatusForm>({ status, eticDate, clearEtic: true });
  const changed = statusChanged(form, { status, eticDate });

  return (
    <FormModal opened onClose={onClose} title="Update Status" onSubmit={() => onSave(statusChanges(form))} submitLabel="Save" canSubmit={changed} dirty={changed}>
      <Radio.Group label="Status" value={form.status} onChange={(value) => setForm((prev) => ({ ...prev, status: value as VehicleStatus }))}>
        <Stack gap="xs" mt="xs">
          {VEHICLE_STATUSES.map((s) => (
            <Radio
              key={s}
              value={s}
              size="md"
              label={
                <Group gap={6} wrap="nowrap">
                  <StatusIcon status={s} size={20} />
                  <Text size="sm">{VEHICLE_STATUS_LABELS[s]}</Text>
                </Group>
              }
            />
          ))}
        </Stack>
      </Radio.Group>
      {form.status === 'valid' ? (
        <Checkbox
          label={CLEAR_ETIC_LABEL}
          checked={form.clearEtic}
          onChange={(event) => {
            const clearEtic = event.currentTarget.checked;
            setForm((prev) => ({ ...prev, clearEtic }));
          }}
        />
      ) : (
        <DateTimePicker
          label="ETIC"
          size="md"
          description="Estimated time in commission"
          clearable
          valueFormat={DATE_TIME_FILTER_FORMAT}
          value={form.eticDate ? new Date(form.eticDate) : null}
          onChange={(value) => setForm((prev) => ({ ...prev, eticDate: value ? new Date(value).toISOString() : null }))}
          popoverProps={{ withinPortal: true }}
        />
      )}
    </FormModal>
  );
}
