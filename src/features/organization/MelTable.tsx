import { ActionIcon, Group, Table, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import type { SectionMel } from '../../../core/schema/organization.ts';
import { PendingMark } from '../../components/PendingMark.tsx';
import { rowKey } from '../../db/row-key.ts';

export interface MelTableProps<M extends SectionMel> {
  mels: M[];
  /** The first column: the vehicle type (by section) or the section (by vehicle type). */
  column: { header: string; value(mel: M): string };
  empty: string;
  onEdit(mel: M): void;
  onDelete(mel: M): void;
}

/** A panel's MELs (part 2 §2.3): name, MEL, and edit and delete for each. */
export function MelTable<M extends SectionMel>({ mels, column, empty, onEdit, onDelete }: MelTableProps<M>) {
  if (mels.length === 0)
    return (
      <Text c="dimmed" size="sm" py="xs">
        {empty}
      </Text>
    );
  return (
    <Table striped withTableBorder layout="fixed" verticalSpacing={4} aria-label="MELs">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{column.header}</Table.Th>
          <Table.Th w={90}>MEL</Table.Th>
          <Table.Th w={110}>
            <VisuallyHidden>Actions</VisuallyHidden>
          </Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {mels.map((m) => (
          <Table.Tr key={m.melId}>
            <Table.Td>{column.value(m)}</Table.Td>
            <Table.Td>{m.mel}</Table.Td>
            <Table.Td>
              <Group gap={4} wrap="nowrap" justify="flex-end">
                <PendingMark rowKey={rowKey('sectionMels', m.melId)} />
                <Tooltip label="Edit MEL">
                  <ActionIcon variant="subtle" aria-label={`Edit MEL for ${column.value(m)}`} onClick={() => onEdit(m)}>
                    <IconPencil size={18} aria-hidden />
                  </ActionIcon>
                </Tooltip>
                <Tooltip label="Delete MEL">
                  <ActionIcon variant="subtle" color="red" aria-label={`Delete MEL for ${column.value(m)}`} onClick={() => onDelete(m)}>
                    <IconTrash size={18} aria-hidden />
                  </ActionIcon>
                </Tooltip>
              </Group>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
