import { useState } from 'react';
import { ActionIcon, Group, NumberInput, Select, SimpleGrid, Stack, Text, Textarea, TextInput, Tooltip } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import { FUEL_RULE_ID } from '../../../core/rules/af1800-items.ts';
import { isBuiltInRule } from '../../../core/rules/protected-rules.ts';
import { FREQUENCIES, FREQUENCY_LABELS, RULE_DESCRIPTION_MAX, type Frequency, type RuleDefinition, type RuleFields } from '../../../core/schema/rule.ts';

const FREQUENCY_OPTIONS = FREQUENCIES.map((f) => ({ value: f, label: FREQUENCY_LABELS[f] }));
const numberOrNull = (v: string | number) => (typeof v === 'number' ? v : v.trim() === '' ? null : Number(v));

interface RuleFormProps {
  rule: RuleDefinition;
  /** What is wrong with the values in the form, live. */
  problemsOf: (rule: RuleDefinition) => string[];
  onConfirm: (rule: RuleDefinition) => void;
  onCancel: () => void;
}

/**
 * A rule edited inline (part 2 §2.2): title, description, frequency and the limits of its kind. A
 * built-in rule's title, description and frequency are fixed, and so is the fuel rule's threshold
 * (part 2 §4). Confirm keeps the values even when invalid, so the row shows Invalid until fixed.
 */
export function RuleForm({ rule, problemsOf, onConfirm, onCancel }: RuleFormProps) {
  const [draft, setDraft] = useState(rule);
  const builtIn = isBuiltInRule(rule.ruleId);
  const problems = problemsOf(draft);
  const setField = (field: keyof RuleFields, value: string | number) => setDraft((d) => ({ ...d, fields: { ...d.fields, [field]: numberOrNull(value) } }));
  const numberField = (field: 'threshold' | 'absMin' | 'absMax' | 'target', label: string, disabled = false) => (
    <NumberInput label={label} value={draft.fields[field] ?? ''} onChange={(v) => setField(field, v)} disabled={disabled} size="xs" />
  );

  return (
    <Stack
      gap="xs"
      onKeyDown={(e) => {
        if (e.key === 'Escape') onCancel();
      }}
    >
      <TextInput
        label="Title"
        value={draft.title}
        onChange={(e) => setDraft({ ...draft, title: e.currentTarget.value })}
        disabled={builtIn}
        data-autofocus
        autoFocus
        size="xs"
      />
      <Textarea
        label="Description"
        description={`At most ${RULE_DESCRIPTION_MAX} characters`}
        value={draft.description ?? ''}
        onChange={(e) => setDraft({ ...draft, description: e.currentTarget.value || null })}
        disabled={builtIn}
        autosize
        minRows={1}
        size="xs"
      />
      <SimpleGrid cols={{ base: 2, lg: 4 }} spacing="xs">
        <Select
          label="Frequency"
          data={FREQUENCY_OPTIONS}
          value={draft.frequency ?? null}
          onChange={(v) => setDraft({ ...draft, frequency: v as Frequency })}
          disabled={builtIn}
          allowDeselect={false}
          size="xs"
        />
        {draft.ruleType === 'threshold' ? (
          <>
            {numberField('absMin', 'Minimum')}
            {numberField('absMax', 'Maximum')}
            {numberField('threshold', 'Threshold', rule.ruleId === FUEL_RULE_ID)}
          </>
        ) : null}
        {draft.ruleType === 'counter' ? (
          <>
            {numberField('absMax', 'Maximum')}
            {numberField('target', 'Target')}
          </>
        ) : null}
        {draft.ruleType === 'lookup' ? (
          <NumberInput label="Target" value={draft.lookup?.target ?? ''} onChange={(v) => setDraft({ ...draft, lookup: { target: numberOrNull(v) } })} size="xs" />
        ) : null}
      </SimpleGrid>
      {builtIn ? (
        <Text size="xs" c="dimmed">
          A built-in rule: its title, description and frequency are fixed{rule.ruleId === FUEL_RULE_ID ? ', and so is its threshold' : ''}.
        </Text>
      ) : null}
      {problems.map((p) => (
        <Text key={p} size="xs" c="red.8" role="alert">
          {p}
        </Text>
      ))}
      <Group gap="xs" justify="flex-end">
        <Tooltip label="Cancel">
          <ActionIcon variant="default" aria-label="Cancel" onClick={onCancel}>
            <IconX size={16} aria-hidden />
          </ActionIcon>
        </Tooltip>
        <Tooltip label="Confirm">
          <ActionIcon variant="filled" aria-label="Confirm" onClick={() => onConfirm({ ...draft, title: draft.title })}>
            <IconCheck size={16} aria-hidden />
          </ActionIcon>
        </Tooltip>
      </Group>
    </Stack>
  );
}
