import { useState } from 'react';
import { TextInput } from '@mantine/core';
import { readingError } from '../../../../core/rules/vehicle-form.ts';
import { FormModal } from '../../../components/FormModal.tsx';
import { formatReading } from '../vehicle-display.ts';

export interface EditReadingDialogProps {
  label: 'Mileage' | 'Hours';
  current: number | null;
  onClose: () => void;
  /** The reading as typed (thousands separators allowed); the mutator parses it. */
  onSave: (value: string) => Promise<void>;
}

/** Last reported mileage or hours (part 1 §5): a whole number, at least 1, different from the current one. */
export function EditReadingDialog({ label, current, onClose, onSave }: EditReadingDialogProps) {
  const [value, setValue] = useState('');
  const [touched, setTouched] = useState(false);
  const error = readingError(value, current, label);

  return (
    <FormModal
      opened
      onClose={onClose}
      title={`Update ${label}`}
      onSubmit={() => onSave(value.trim())}
      submitLabel="Save"
      canSubmit={error === null}
      dirty={value !== ''}
    >
      <TextInput
        label={label}
        required
        inputMode="numeric"
        description={`Currently ${formatReading(current)}. Whole number, at least 1; thousands separators allowed (12,500).`}
        value={value}
        onChange={(event) => {
          setValue(event.currentTarget.value);
          setTouched(true);
        }}
        onBlur={() => setTouched(true)}
        error={touched ? error : null}
        autoComplete="off"
        data-autofocus
      />
    </FormModal>
  );
}
