import { useState } from 'react';
import { pickerError } from '../../../../core/rules/vehicle-form.ts';
import { FormModal } from '../../../components/FormModal.tsx';
import { Typeahead, type TypeaheadOption } from '../../../components/Typeahead.tsx';

export interface EditPickerDialogProps {
  label: 'Section' | 'Workflow';
  title: string;
  options: readonly TypeaheadOption[];
  /** The current choice's value. */
  current: string | null;
  onClose: () => void;
  onSave: (value: string) => Promise<void>;
}

/** The section or workflow of a vehicle (part 1 §5): a choice is required and must differ from the current one. */
export function EditPickerDialog({ label, title, options, current, onClose, onSave }: EditPickerDialogProps) {
  const [value, setValue] = useState<string | null>(current);
  const error = pickerError(label, value, current);

  return (
    <FormModal
      opened
      onClose={onClose}
      title={title}
      onSubmit={() => onSave(value as string)}
      submitLabel="Save"
      canSubmit={error === null}
      dirty={value !== current}
    >
      <Typeahead label={label} required options={options} value={value} onChange={setValue} error={value === current ? null : error} />
    </FormModal>
  );
}
