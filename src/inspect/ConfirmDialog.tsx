import { Button, Group, Modal, Stack, Text } from '@mantine/core';

export interface ConfirmDialogProps {
  title: string;
  message: string;
  confirmLabel: string;
  cancelLabel?: string;
  /** A confirm that loses work is red. */
  danger?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** A question before a step that cannot be taken back, with large buttons for a gloved hand. */
export function ConfirmDialog({ title, message, confirmLabel, cancelLabel = 'Cancel', danger = false, onConfirm, onCancel }: ConfirmDialogProps) {
  return (
    <Modal opened onClose={onCancel} title={title} centered closeButtonProps={{ 'aria-label': 'Close' }}>
      <Stack gap="lg">
        <Text size="lg">{message}</Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" size="lg" onClick={onCancel}>
            {cancelLabel}
          </Button>
          <Button size="lg" color={danger ? 'red' : undefined} onClick={onConfirm}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
