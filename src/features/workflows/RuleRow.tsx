import type { CSSProperties } from 'react';
import { ActionIcon, Badge, Box, Button, Group, Overlay, Paper, Stack, Text, Tooltip } from '@mantine/core';
import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { IconArrowBackUp, IconGripVertical, IconPencil, IconTrash } from '@tabler/icons-react';
import type { RuleDefinition } from '../../../core/schema/rule.ts';
import type { EditorRule, RuleBadge } from './editor-model.ts';
import { RuleForm } from './RuleForm.tsx';
import { ruleSummary } from './rule-format.ts';

/** Filled, with text in the contrasting colour (axe: small text needs 4.5:1). */
const BADGE_COLORS: Record<Exclude<RuleBadge, null>, string> = { Editing: 'blue.8', Added: 'teal.9', Modified: 'yellow.4', Invalid: 'red.8' };

export interface RuleRowActions {
  edit(key: string): void;
  confirm(key: string, rule: RuleDefinition): void;
  cancel(key: string): void;
  undo(key: string): void;
  remove(key: string): void;
  undelete(key: string): void;
  problemsOf(key: string, rule: RuleDefinition): string[];
}

interface RuleRowProps {
  item: EditorRule;
  index: number;
  badge: RuleBadge;
  problems: string[];
  actions: RuleRowActions;
}

/** The face of a rule: title, what it checks and its badge (also the drag overlay's). */
export function RuleFace({ rule, badge }: { rule: RuleDefinition; badge: RuleBadge }) {
  return (
    <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
      <Group gap="xs" wrap="nowrap">
        <Text fw={600} size="sm" truncate title={rule.title}>
          {rule.title.trim() || 'New rule'}
        </Text>
        {badge ? (
          <Badge size="sm" color={BADGE_COLORS[badge]} autoContrast variant="filled" tt="none" style={{ flexShrink: 0 }}>
            {badge}
          </Badge>
        ) : null}
      </Group>
      <Text size="xs" c="dimmed">
        {ruleSummary(rule)}
      </Text>
      {rule.description ? (
        <Text size="xs" lineClamp={2}>
          {rule.description}
        </Text>
      ) : null}
    </Stack>
  );
}

/**
 * One rule of the editor's list (part 2 §2.2): a drag handle (mouse, touch, or keyboard: Space, the
 * arrows, Space), its badge, edit, undo to original and remove; inline edit; a removed rule's undelete overlay.
 */
export function RuleRow({ item, index, badge, problems, actions }: RuleRowProps) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id: item.key, disabled: item.editing });
  const style: CSSProperties = { transform: CSS.Transform.toString(transform), transition, opacity: isDragging ? 0.4 : 1, position: 'relative' };
  const title = item.rule.title.trim() || 'New rule';
  const modified = item.original !== null && badge !== null && badge !== 'Editing';

  return (
    <Paper ref={setNodeRef} style={style} withBorder p="xs" data-testid="workflow-rule" aria-label={`Rule ${index + 1}: ${title}`} role="listitem">
      {item.editing ? (
        <Stack gap={4}>
          <Group gap="xs">
            <Text fw={600} size="sm">
              {title}
            </Text>
            <Badge size="sm" color={BADGE_COLORS.Editing} autoContrast variant="filled" tt="none">
              Editing
            </Badge>
          </Group>
          <RuleForm
            rule={item.rule}
            problemsOf={(rule) => actions.problemsOf(item.key, rule)}
            onConfirm={(rule) => actions.confirm(item.key, rule)}
            onCancel={() => actions.cancel(item.key)}
          />
        </Stack>
      ) : (
        <Group gap="xs" wrap="nowrap" align="flex-start">
          <ActionIcon
            ref={setActivatorNodeRef}
            variant="subtle"
            color="gray"
            aria-label={`Move ${title}`}
            style={{ cursor: 'grab', touchAction: 'none' }}
            {...attributes}
            {...listeners}
          >
            <IconGripVertical size={18} aria-hidden />
          </ActionIcon>
          <Box style={{ flex: 1, minWidth: 0 }}>
            <RuleFace rule={item.rule} badge={badge} />
            {badge === 'Invalid'
              ? problems.map((p) => (
                  <Text key={p} size="xs" c="red.8">
                    {p}
                  </Text>
                ))
              : null}
          </Box>
          <Group gap={2} wrap="nowrap">
            {modified ? (
              <Tooltip label="Undo to original">
                <ActionIcon variant="subtle" aria-label={`Undo ${title} to original`} onClick={() => actions.undo(item.key)}>
                  <IconArrowBackUp size={18} aria-hidden />
                </ActionIcon>
              </Tooltip>
            ) : null}
            <Tooltip label="Edit">
              <ActionIcon variant="subtle" aria-label={`Edit ${title}`} onClick={() => actions.edit(item.key)}>
                <IconPencil size={18} aria-hidden />
              </ActionIcon>
            </Tooltip>
            <Tooltip label="Remove">
              <ActionIcon variant="subtle" color="red" aria-label={`Remove ${title}`} onClick={() => actions.remove(item.key)}>
                <IconTrash size={18} aria-hidden />
              </ActionIcon>
            </Tooltip>
          </Group>
        </Group>
      )}
      {item.removed ? (
        <Overlay color="var(--mantine-color-body)" backgroundOpacity={0.94} radius="sm" center zIndex={2}>
          <Group gap="sm">
            <Text size="sm" fw={600} c="dimmed" td="line-through">
              {title}
            </Text>
            <Button size="xs" variant="default" leftSection={<IconArrowBackUp size={14} aria-hidden />} onClick={() => actions.undelete(item.key)}>
              Undelete
            </Button>
          </Group>
        </Overlay>
      ) : null}
    </Paper>
  );
}
