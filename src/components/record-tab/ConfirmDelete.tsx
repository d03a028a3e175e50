import { Text } from '@mantine/core';
import { FormModal } from '../FormModal.tsx';

/** The confirmation before a record is deleted: what goes, and a red Delete (Cancel keeps it). */
export function ConfirmDelete({ title, message, onConfirm, onClose }: { title: string; message: string; onConfirm(): Promise<unknown>; onClose(): void }) {
  return (
    <FormModal
      opened
      onClose={onClose}
      title={title}
      submitLabel="Delete"
      onSubmit={async () => {
        await onConfirm();
      }}
    >
      <Text>{message}</Text>
    </FormModal>
  );
}
