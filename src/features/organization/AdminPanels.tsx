import { Accordion, ActionIcon, Badge, Button, Group, Text, Tooltip } from '@mantine/core';
import { IconPencil, IconPlus } from '@tabler/icons-react';
import type { SectionMel } from '../../../core/schema/organization.ts';
import { PendingMark } from '../../components/PendingMark.tsx';
import { rowKey } from '../../db/row-key.ts';
import type { SectionGroup, TypeGroup, TypeMel } from './admin-groups.ts';
import { MelTable } from './MelTable.tsx';

/** What a panel's buttons open (the screen holds the one dialog open at a time). */
export type AdminAction =
  | { kind: 'renameSection'; section: SectionGroup }
  | { kind: 'deleteSection'; section: SectionGroup }
  | { kind: 'addTypeMels'; section: SectionGroup }
  | { kind: 'addSectionMels'; type: TypeGroup }
  | { kind: 'editMel'; mel: SectionMel; sectionName: string }
  | { kind: 'deleteMel'; mel: SectionMel };

/** The count of a section's active users, with their names on hover or focus (part 2 §2.3). */
function ActiveUsers({ names }: { names: string[] }) {
  const label = `${names.length} active ${names.length === 1 ? 'user' : 'users'}`;
  if (names.length === 0)
    return (
      <Badge variant="light" color="gray">
        {label}
      </Badge>
    );
  return (
    <Tooltip label={names.join(', ')} multiline maw={320} withArrow>
      <Badge variant="light" tabIndex={0} aria-label={`${label}: ${names.join(', ')}`} style={{ cursor: 'help' }}>
        {label}
      </Badge>
    </Tooltip>
  );
}

/** A section's panel: its name, active users, actions and its MEL table. */
export function SectionPanel({ section, act }: { section: SectionGroup; act(action: AdminAction): void }) {
  const deletable = section.mels.length === 0 && section.activeUsers.length === 0;
  return (
    <Accordion.Item value={section.sectionId} role="group" aria-label={`Section ${section.sectionName}`}>
      <Group gap="xs" wrap="nowrap" pr="sm">
        <Accordion.Control style={{ flex: 1, minWidth: 0 }}>
          <Text fw={600} truncate>
            {section.sectionName}
          </Text>
        </Accordion.Control>
        <PendingMark rowKey={rowKey('sections', section.sectionId)} />
        <ActiveUsers names={section.activeUsers} />
        <Tooltip label="Rename section">
          <ActionIcon variant="subtle" aria-label={`Rename section ${section.sectionName}`} onClick={() => act({ kind: 'renameSection', section })}>
            <IconPencil size={18} aria-hidden />
          </ActionIcon>
        </Tooltip>
        <Button size="compact-sm" variant="light" leftSection={<IconPlus size={14} aria-hidden />} onClick={() => act({ kind: 'addTypeMels', section })}>
          Add Vehicle Type MELs
        </Button>
        {deletable ? (
          <Button size="compact-sm" variant="subtle" color="red" onClick={() => act({ kind: 'deleteSection', section })}>
            Delete?
          </Button>
        ) : null}
      </Group>
      <Accordion.Panel>
        <MelTable
          mels={section.mels}
          column={{ header: 'Vehicle Type', value: (m) => m.vehicleType }}
          empty="No Vehicle Type MELs defined"
          onEdit={(mel) => act({ kind: 'editMel', mel, sectionName: section.sectionName })}
          onDelete={(mel) => act({ kind: 'deleteMel', mel })}
        />
      </Accordion.Panel>
    </Accordion.Item>
  );
}

/** A vehicle type's panel: its name, Add Section MELs and its MELs by section. */
export function TypePanel({ type, act }: { type: TypeGroup; act(action: AdminAction): void }) {
  return (
    <Accordion.Item value={`type-${type.key}`} role="group" aria-label={`Vehicle type ${type.vehicleType}`}>
      <Group gap="xs" wrap="nowrap" pr="sm">
        <Accordion.Control style={{ flex: 1, minWidth: 0 }}>
          <Text fw={600} truncate>
            {type.vehicleType}
          </Text>
        </Accordion.Control>
        <Badge variant="light" color="gray">
          {type.mels.length} {type.mels.length === 1 ? 'section' : 'sections'}
        </Badge>
        <Button size="compact-sm" variant="light" leftSection={<IconPlus size={14} aria-hidden />} onClick={() => act({ kind: 'addSectionMels', type })}>
          Add Section MELs
        </Button>
      </Group>
      <Accordion.Panel>
        <MelTable<TypeMel>
          mels={type.mels}
          column={{ header: 'Section', value: (m) => m.sectionName }}
          empty="No Section MELs defined"
          onEdit={(mel) => act({ kind: 'editMel', mel, sectionName: mel.sectionName })}
          onDelete={(mel) => act({ kind: 'deleteMel', mel })}
        />
      </Accordion.Panel>
    </Accordion.Item>
  );
}
