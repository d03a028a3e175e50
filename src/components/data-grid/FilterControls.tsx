import '@mantine/dates/styles.css';
import { useEffect, useState } from 'react';
import { Button, Checkbox, Group, NumberInput, ScrollArea, SegmentedControl, Select, Stack, Switch, TextInput } from '@mantine/core';
import { DateTimePicker } from '@mantine/dates';
import dayjs from 'dayjs';
import type { FilterValue, GridColumn, NumberOp, SetOption } from './types.ts';

/** part 1 §9 'MMMM d, yyyy HH:mm', in dayjs' spelling. */
export const DATE_TIME_FILTER_FORMAT = 'MMMM D, YYYY HH:mm';

export const NUMBER_OPS: { value: NumberOp; label: string }[] = [
  { value: 'eq', label: 'Equals' },
  { value: 'gt', label: 'Greater than' },
  { value: 'lt', label: 'Less than' },
];

export interface FilterControlProps<Row> {
  column: GridColumn<Row>;
  filter: FilterValue | undefined;
  /** undefined removes the column's filter. */
  onChange: (next: FilterValue | undefined) => void;
  /** SET: the choices. */
  options: SetOption[];
}

/** The control for a column's filter kind (part 1 §2 "filter panel", part 2 §9). */
export function FilterControl<Row>(props: FilterControlProps<Row>) {
  switch (props.column.filter) {
    case 'TEXT':
      return <TextFilter {...props} />;
    case 'SET':
      return <SetFilter {...props} />;
    case 'BOOLEAN':
      return <BooleanFilter {...props} />;
    case 'TOGGLE':
      return <ToggleFilter {...props} />;
    case 'DATE_TIME':
      return <DateTimeFilter {...props} />;
    case 'NUMBER_RANGE':
      return <NumberFilter {...props} />;
    default:
      return null;
  }
}

function TextFilter<Row>({ column, filter, onChange }: FilterControlProps<Row>) {
  const text = filter?.kind === 'TEXT' ? filter.text : '';
  return (
    <TextInput
      size="sm"
      aria-label={`${column.header} contains`}
      placeholder="Contains..."
      value={text}
      onChange={(event) => {
        const next = event.currentTarget.value;
        onChange(next === '' ? undefined : { kind: 'TEXT', text: next });
      }}
    />
  );
}

function SetFilter<Row>({ column, filter, onChange, options }: FilterControlProps<Row>) {
  const all = options.map((option) => option.value);
  const shown = filter?.kind === 'SET' ? filter.values : all;
  return (
    // Named as a whole, so its Select All and Deselect All are told apart from another column's.
    <Stack gap="xs" role="group" aria-label={`${column.header} values shown`}>
      <Group gap="xs">
        <Button size="compact-md" variant="light" onClick={() => onChange({ kind: 'SET', values: all })}>
          Select All
        </Button>
        <Button size="compact-md" variant="light" onClick={() => onChange({ kind: 'SET', values: [] })}>
          Deselect All
        </Button>
      </Group>
      <ScrollArea.Autosize mah={240} type="auto" offsetScrollbars>
        <Checkbox.Group value={shown} onChange={(values) => onChange({ kind: 'SET', values })}>
          <Stack gap={6} py={2}>
            {options.map((option) => (
              <Checkbox
                key={option.value}
                size="sm"
                value={option.value}
                label={
                  option.icon ? (
                    <Group component="span" gap={6} wrap="nowrap">
                      {option.icon}
                      {option.label}
                    </Group>
                  ) : (
                    option.label
                  )
                }
              />
            ))}
          </Stack>
        </Checkbox.Group>
      </ScrollArea.Autosize>
    </Stack>
  );
}

function BooleanFilter<Row>({ column, filter, onChange }: FilterControlProps<Row>) {
  const value = filter?.kind === 'BOOLEAN' ? (filter.value ? 'yes' : 'no') : 'any';
  return (
    <SegmentedControl
      aria-label={`${column.header}: yes, no or any`}
      data={[
        { value: 'yes', label: 'Yes' },
        { value: 'no', label: 'No' },
        { value: 'any', label: 'Any' },
      ]}
      value={value}
      onChange={(next) => onChange(next === 'any' ? undefined : { kind: 'BOOLEAN', value: next === 'yes' })}
    />
  );
}

function ToggleFilter<Row>({ column, filter, onChange }: FilterControlProps<Row>) {
  const on = filter?.kind === 'TOGGLE' ? filter.on : true;
  return (
    <Switch
      label={column.toggleLabel ?? `Show ${column.header}: No`}
      checked={on}
      onChange={(event) => onChange({ kind: 'TOGGLE', on: event.currentTarget.checked })}
    />
  );
}

function toDate(iso: string | null): Date | null {
  if (!iso) return null;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
}

function DateTimeFilter<Row>({ column, filter, onChange }: FilterControlProps<Row>) {
  const from = filter?.kind === 'DATE_TIME' ? filter.from : null;
  const to = filter?.kind === 'DATE_TIME' ? filter.to : null;
  const set = (nextFrom: string | null, nextTo: string | null) =>
    onChange(nextFrom === null && nextTo === null ? undefined : { kind: 'DATE_TIME', from: nextFrom, to: nextTo });
  return (
    <Stack gap="xs">
      <DateTimePicker
        size="sm"
        label="From"
        aria-label={`${column.header} from`}
        valueFormat={DATE_TIME_FILTER_FORMAT}
        clearable
        value={toDate(from)}
        onChange={(date) => set(date ? dayjs(date).startOf('minute').toISOString() : null, to)}
      />
      <DateTimePicker
        size="sm"
        label="To"
        aria-label={`${column.header} to`}
        valueFormat={DATE_TIME_FILTER_FORMAT}
        clearable
        value={toDate(to)}
        // The picker has no seconds: "to 14:30" includes everything up to 14:30:59.999.
        onChange={(date) => set(from, date ? dayjs(date).endOf('minute').toISOString() : null)}
      />
    </Stack>
  );
}

function NumberFilter<Row>({ column, filter, onChange }: FilterControlProps<Row>) {
  const current = filter?.kind === 'NUMBER_RANGE' ? filter : undefined;
  // The operator is kept while the number is empty, so choosing it first is not lost.
  const [pendingOp, setPendingOp] = useState<NumberOp>('eq');
  const op = current?.op ?? pendingOp;
  // What is typed, including a lone '-' that is no number yet; follows the filter when it is changed
  // from outside (Clear filters, Reset view, a saved view arriving).
  const [draft, setDraft] = useState<string | number>(current?.value ?? '');
  const value = current?.value;
  useEffect(() => {
    setDraft((prev) => (Number.parseInt(String(prev), 10) === value ? prev : (value ?? '')));
  }, [value]);
  return (
    <Group gap="xs" grow align="flex-start">
      <Select
        size="sm"
        aria-label={`${column.header} comparison`}
        data={NUMBER_OPS}
        value={op}
        allowDeselect={false}
        onChange={(next) => {
          const nextOp = (next ?? 'eq') as NumberOp;
          setPendingOp(nextOp);
          if (current) onChange({ ...current, op: nextOp });
        }}
      />
      <NumberInput
        size="sm"
        aria-label={`${column.header} value`}
        placeholder="Number"
        allowDecimal={false}
        value={draft}
        onChange={(next) => {
          setDraft(next);
          const parsed = typeof next === 'number' ? next : Number.parseInt(next, 10);
          onChange(Number.isFinite(parsed) ? { kind: 'NUMBER_RANGE', op, value: Math.trunc(parsed) } : undefined);
        }}
      />
    </Group>
  );
}
