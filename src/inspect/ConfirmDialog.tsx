import { Text } from '@mantine/core';
import { FormModal } from '../components/FormModal.tsx';

export interface ConfirmDialogProps {
  title: string;
  message: string;
  confirmLabel: string;
  cancelLabel?: string;
  /** Confirming closes nothing itself: the step it takes decides what shows next. */
  onConfirm: () => void | Promise<void>;
  onCancel: () => void;
}

/** A question before a step, in the app's one modal frame, with buttons large enough for a gloved hand. */
export function ConfirmDialog({ title, message, confirmLabel, cancelLabel = 'Cancel', onConfirm, onCancel }: ConfirmDialogProps) {
  return (
    <FormModal
      opened
      onClose={onCancel}
      title={title}
      submitLabel={confirmLabel}
      cancelLabel={cancelLabel}
      onSubmit={onConfirm}
      closeOnSuccess={false}
      buttonSize="lg"
    >
      <Text size="lg">{message}</Text>
    </FormModal>
  );
}
