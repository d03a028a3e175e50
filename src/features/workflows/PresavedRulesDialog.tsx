import { useState } from 'react';
import { Modal, ScrollArea, Select, Table, Text } from '@mantine/core';
import { FREQUENCY_LABELS, NEW_RULE_TYPE_LABELS, RULE_TYPE_LABELS, type RuleDefinition, type SavedRule } from '../../../core/schema/rule.ts';
import { FormModal } from '../../components/FormModal.tsx';
import { searchablePickerProps } from '../../components/searchable-picker.ts';

/** 'View Pre-Saved Rules' (part 2 §2.2): the library with title, type, description, frequency, Fixable and display. */
export function PresavedRulesDialog({ library, onClose }: { library: readonly SavedRule[]; onClose(): void }) {
  return (
    <Modal opened onClose={onClose} title="Pre-Saved Rules" size="xl">
      {library.length === 0 ? (
        <Text c="dimmed">No pre-saved rules yet. A Pass/Fail rule added to a workflow joins them when the workflow is saved.</Text>
      ) : (
        <ScrollArea.Autosize mah="70vh">
          <Table striped stickyHeader>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Title</Table.Th>
                <Table.Th>Type</Table.Th>
                <Table.Th>Description</Table.Th>
                <Table.Th>Frequency</Table.Th>
                <Table.Th>Fixable</Table.Th>
                <Table.Th>Display</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {library.map((rule) => (
                <Table.Tr key={rule.savedRuleId}>
                  <Table.Td>{rule.title}</Table.Td>
                  <Table.Td>{rule.newRuleType ? NEW_RULE_TYPE_LABELS[rule.newRuleType] : ''}</Table.Td>
                  <Table.Td>{rule.description ?? ''}</Table.Td>
                  <Table.Td>{FREQUENCY_LABELS[rule.frequency]}</Table.Td>
                  <Table.Td>{rule.fixable ? 'Yes' : 'No'}</Table.Td>
                  <Table.Td>{RULE_TYPE_LABELS[rule.ruleType]}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea.Autosize>
      )}
    </Modal>
  );
}

/** Which pre-saved (or template) rule a Custom (or Missing AF-1800) item dropped in the list becomes. */
export function ChooseRuleDialog({
  title,
  choices,
  onChoose,
  onClose,
}: {
  title: string;
  choices: readonly RuleDefinition[];
  onChoose(rule: RuleDefinition): void;
  onClose(): void;
}) {
  const [ruleId, setRuleId] = useState<string | null>(null);
  const chosen = choices.find((r) => r.ruleId === ruleId);
  return (
    <FormModal opened onClose={onClose} title={title} submitLabel="Add" canSubmit={chosen !== undefined} onSubmit={() => chosen && onChoose(chosen)}>
      <Select
        label="Rule"
        placeholder="Choose a rule"
        data={choices.map((r) => ({ value: r.ruleId, label: r.title }))}
        value={ruleId}
        onChange={setRuleId}
        {...searchablePickerProps}
        data-autofocus
        comboboxProps={{ withinPortal: true }}
      />
      {chosen ? (
        <Text size="sm" c="dimmed">
          {chosen.description ?? ''}
        </Text>
      ) : null}
    </FormModal>
  );
}
