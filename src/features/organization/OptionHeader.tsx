import type { ReactNode } from 'react';
import { Button, Group, Title } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';

/** The heading of an organization option (lead times, shift times, contacts) with its Edit button, when the user may edit it. */
export function OptionHeader({ title, onEdit, actions }: { title: string; onEdit?: () => void; actions?: ReactNode }) {
  return (
    <Group justify="space-between" wrap="nowrap">
      <Title order={2}>{title}</Title>
      {actions ??
        (onEdit ? (
          <Button variant="light" leftSection={<IconPencil size={16} aria-hidden />} aria-label={`Edit ${title}`} onClick={onEdit}>
            Edit
          </Button>
        ) : null)}
    </Group>
  );
}
