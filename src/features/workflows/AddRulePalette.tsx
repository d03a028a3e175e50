import { ActionIcon, Group, Paper, Stack, Text, Title, Tooltip } from '@mantine/core';
import { useDraggable } from '@dnd-kit/core';
import { IconGripVertical, IconPlus } from '@tabler/icons-react';

export type PaletteKind = 'PASS_FAIL' | 'CUSTOM' | 'MISSING_AF_1800';
export const PALETTE_LABELS: Record<PaletteKind, string> = { PASS_FAIL: 'Pass/Fail', CUSTOM: 'Custom', MISSING_AF_1800: 'Missing AF-1800' };
export const PALETTE_PREFIX = 'palette:';
const KINDS: PaletteKind[] = ['PASS_FAIL', 'CUSTOM', 'MISSING_AF_1800'];

function PaletteItem({ kind, disabled, onAdd }: { kind: PaletteKind; disabled: boolean; onAdd(kind: PaletteKind): void }) {
  const { attributes, listeners, setNodeRef, isDragging } = useDraggable({ id: `${PALETTE_PREFIX}${kind}`, disabled });
  const label = PALETTE_LABELS[kind];
  return (
    <Paper withBorder p={6} style={{ opacity: disabled ? 0.5 : isDragging ? 0.6 : 1 }} data-testid={`palette-${kind}`}>
      <Group gap="xs" wrap="nowrap">
        <ActionIcon
          ref={setNodeRef}
          variant="subtle"
          color="gray"
          aria-label={`Drag a ${label} rule into the list`}
          disabled={disabled}
          style={{ cursor: disabled ? 'not-allowed' : 'grab', touchAction: 'none' }}
          {...attributes}
          {...listeners}
        >
          <IconGripVertical size={18} aria-hidden />
        </ActionIcon>
        <Text size="sm" style={{ flex: 1 }}>
          {label}
        </Text>
        <Tooltip label={disabled ? 'No unused pre-saved rule of this kind' : `Add a ${label} rule at the end`}>
          <ActionIcon variant="subtle" aria-label={`Add ${label} rule`} disabled={disabled} onClick={() => onAdd(kind)}>
            <IconPlus size={16} aria-hidden />
          </ActionIcon>
        </Tooltip>
      </Group>
    </Paper>
  );
}

/**
 * The 'Add Rule' palette (part 2 §2.2): Pass/Fail, Custom and Missing AF-1800, each dragged into the
 * list where the rule should go, or added at the end with its + button. Custom and Missing AF-1800 are
 * disabled when no unused pre-saved (or template) rule of that kind remains.
 */
export function AddRulePalette({ customLeft, missingLeft, onAdd }: { customLeft: number; missingLeft: number; onAdd(kind: PaletteKind): void }) {
  const left: Record<PaletteKind, number> = { PASS_FAIL: 1, CUSTOM: customLeft, MISSING_AF_1800: missingLeft };
  return (
    <Stack gap={6}>
      <Title order={2} size="h5">
        Add Rule
      </Title>
      {KINDS.map((kind) => (
        <PaletteItem key={kind} kind={kind} disabled={left[kind] === 0} onAdd={onAdd} />
      ))}
    </Stack>
  );
}
