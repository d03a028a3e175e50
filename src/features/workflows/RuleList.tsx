import { Checkbox, Group, Stack, Text } from '@mantine/core';
import { useDndContext, useDroppable } from '@dnd-kit/core';
import { SortableContext, verticalListSortingStrategy } from '@dnd-kit/sortable';
import type { SavedRule } from '../../../core/schema/rule.ts';
import { PALETTE_PREFIX } from './AddRulePalette.tsx';
import { ruleBadge, ruleProblems, type EditorState } from './editor-model.ts';
import { RuleRow, type RuleRowActions } from './RuleRow.tsx';

export const RULE_LIST_ID = 'rule-list';

interface RuleListProps {
  state: EditorState;
  library: readonly SavedRule[];
  showRemoved: boolean;
  onShowRemoved(show: boolean): void;
  actions: RuleRowActions;
}

/** The editor's rule list (part 2 §2.2): sortable by drag and drop, a drop target for the palette; 'Show Removed Rules'. */
export function RuleList({ state, library, showRemoved, onShowRemoved, actions }: RuleListProps) {
  // The list itself takes only palette items (a rule dragged by keyboard moves between rules, never onto the list).
  const { active } = useDndContext();
  const { setNodeRef, isOver } = useDroppable({ id: RULE_LIST_ID, disabled: !String(active?.id ?? '').startsWith(PALETTE_PREFIX) });
  const shown = state.rules.map((item, index) => ({ item, index })).filter(({ item }) => showRemoved || !item.removed);
  const kept = state.rules.filter((r) => !r.removed).length;
  return (
    <Stack gap="xs">
      <Group justify="space-between">
        <Text size="sm" c="dimmed">
          {kept} rule(s){state.rules.length > kept ? `, ${state.rules.length - kept} removed` : ''}
        </Text>
        <Checkbox label="Show Removed Rules" checked={showRemoved} onChange={(e) => onShowRemoved(e.currentTarget.checked)} />
      </Group>
      <SortableContext items={shown.map(({ item }) => item.key)} strategy={verticalListSortingStrategy}>
        <Stack
          ref={setNodeRef}
          gap={6}
          role="list"
          aria-label="Rules"
          p={4}
          style={{ minHeight: 80, borderRadius: 8, outline: isOver ? '2px dashed var(--mantine-color-blue-5)' : undefined }}
        >
          {shown.map(({ item, index }) => (
            <RuleRow
              key={item.key}
              item={item}
              index={index}
              badge={ruleBadge(state, index, library)}
              problems={ruleProblems(state, index, library)}
              actions={actions}
            />
          ))}
          {shown.length === 0 ? (
            <Text c="dimmed" ta="center" py="lg">
              No rules shown. Drag a rule here from Add Rule.
            </Text>
          ) : null}
        </Stack>
      </SortableContext>
    </Stack>
  );
}
