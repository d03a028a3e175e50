import { useState } from 'react';
import { TextInput } from '@mantine/core';
import { melError } from '../../../core/rules/org-admin-form.ts';
import type { SectionMel } from '../../../core/schema/organization.ts';
import { FormModal } from '../../components/FormModal.tsx';
import { updateMel } from '../../data/organization/mel-mutators.ts';
import { useChangeWithVerdict } from '../../shared/use-change-with-verdict.ts';

/** Edit MEL (part 2 §2.3, §5): one section's minimum of one vehicle type, a whole number of at least 1. */
export function EditMelDialog({ mel, sectionName, onClose }: { mel: SectionMel; sectionName: string; onClose(): void }) {
  const change = useChangeWithVerdict();
  const [value, setValue] = useState(String(mel.mel));
  const error = melError(value);
  const changed = value.trim() !== String(mel.mel);
  return (
    <FormModal
      opened
      onClose={onClose}
      title={`Edit MEL: ${mel.vehicleType} in ${sectionName}`}
      submitLabel="Save"
      canSubmit={changed && error === null}
      dirty={changed}
      onSubmit={() => change(updateMel, { melId: mel.melId, mel: Number(value.trim()) })}
    >
      <TextInput label="MEL" required inputMode="numeric" value={value} onChange={(e) => setValue(e.currentTarget.value)} error={error} data-autofocus />
    </FormModal>
  );
}
