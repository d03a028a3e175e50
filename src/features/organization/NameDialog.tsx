import { useState } from 'react';
import { TextInput } from '@mantine/core';
import { FormModal } from '../../components/FormModal.tsx';

export interface NameDialogProps {
  title: string;
  label: string;
  /** The current name (rename) or '' (new). */
  initial?: string;
  /** The form's rule: a message, or null when the name may be saved. */
  check(value: string): string | null;
  /** Saves the trimmed name; throws the server's refusal. */
  save(value: string): Promise<void>;
  onClose(): void;
}

/** New Section, Rename Section and New Vehicle Type (part 2 §2.3, §5): one name, checked as it is typed. */
export function NameDialog({ title, label, initial = '', check, save, onClose }: NameDialogProps) {
  const [value, setValue] = useState(initial);
  const [touched, setTouched] = useState(false);
  const changed = value.trim() !== initial.trim();
  const error = changed || touched ? check(value) : null;
  return (
    <FormModal
      opened
      onClose={onClose}
      title={title}
      submitLabel="Save"
      canSubmit={changed && check(value) === null}
      dirty={changed}
      onSubmit={() => save(value.trim())}
    >
      <TextInput
        label={label}
        required
        value={value}
        onChange={(e) => {
          setTouched(true);
          setValue(e.currentTarget.value);
        }}
        error={error}
        autoComplete="off"
        data-autofocus
      />
    </FormModal>
  );
}
