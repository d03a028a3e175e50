import { useState } from 'react';
import { Button, Group, Stack, Table, Text, TextInput } from '@mantine/core';
import { SHIFT_DAYS, type Organization } from '../../../core/schema/organization.ts';
import { FormModal } from '../../components/FormModal.tsx';
import { updateShiftTimes } from '../../data/organization/option-mutators.ts';
import { DEFAULT_TIME_ZONE, standardOffsetMinutes } from '../../../core/rules/org-clock.ts';
import { zoneLabel } from '../../shared/org-time-zone.ts';
import { SHIFT_NUMBERS, shiftDays, shiftForm, shiftFormErrors, type ShiftForm } from './shift-form.ts';
import { OptionHeader } from './OptionHeader.tsx';
import { useChangeWithVerdict } from '../../shared/use-change-with-verdict.ts';

/**
 * Shift times (part 2 §2.3, §3, §5): three shifts for each day of the week, shown and entered in the
 * organization's time (its zone named), whatever the device's zone, stored as 'HHmmz'. Only a vco edits them.
 */
export function ShiftTimes({ organization, canEdit }: { organization: Organization; canEdit: boolean }) {
  const [editing, setEditing] = useState(false);
  const zone = organization.timeZone ?? DEFAULT_TIME_ZONE;
  const offset = standardOffsetMinutes(zone);
  const where = zoneLabel(zone, new Date());
  const form = shiftForm(organization.shiftTimes, offset);
  const empty = organization.shiftTimes.length === 0;

  return (
    <Stack gap="xs">
      <OptionHeader title="Shift Times" onEdit={canEdit ? () => setEditing(true) : undefined} />
      <Text size="sm" c="dimmed">
        {empty ? 'No shift times are set yet.' : `In the organization's time: ${where}.`}
      </Text>
      {empty ? null : (
        <Table withTableBorder withColumnBorders layout="fixed" aria-label="Shift times">
          <ShiftHead />
          <Table.Tbody>
            {SHIFT_DAYS.map((day) => (
              <Table.Tr key={day}>
                <Table.Td>{day}</Table.Td>
                {SHIFT_NUMBERS.map((n) => {
                  const { start, end } = form[day][n];
                  return <Table.Td key={n}>{start && end ? `${start} – ${end}` : '—'}</Table.Td>;
                })}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {editing ? <ShiftTimesDialog organization={organization} initial={form} offset={offset} where={where} onClose={() => setEditing(false)} /> : null}
    </Stack>
  );
}

function ShiftHead({ dayWidth }: { dayWidth?: number }) {
  return (
    <Table.Thead>
      <Table.Tr>
        <Table.Th w={dayWidth}>Day</Table.Th>
        {SHIFT_NUMBERS.map((n) => (
          <Table.Th key={n}>Shift {n}</Table.Th>
        ))}
      </Table.Tr>
    </Table.Thead>
  );
}

function ShiftTimesDialog({
  organization,
  initial,
  offset,
  where,
  onClose,
}: {
  organization: Organization;
  initial: ShiftForm;
  offset: number;
  where: string;
  onClose(): void;
}) {
  const change = useChangeWithVerdict();
  const [form, setForm] = useState(initial);
  // A field's message shows once it was left or changed, not for every empty field of a new organization.
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const errors = shiftFormErrors(form);
  const changed = JSON.stringify(form) !== JSON.stringify(initial);
  const touch = (key: string) => setTouched((prev) => new Set(prev).add(key));
  const set = (day: (typeof SHIFT_DAYS)[number], n: 1 | 2 | 3, which: 'start' | 'end', value: string) => {
    touch(`${day}.${n}.${which}`);
    setForm((prev) => ({ ...prev, [day]: { ...prev[day], [n]: { ...prev[day][n], [which]: value } } }));
  };
  const [first] = SHIFT_DAYS;
  const copyFirstDay = () => setForm((prev) => Object.fromEntries(SHIFT_DAYS.map((day) => [day, structuredClone(prev[first])])) as ShiftForm);

  return (
    <FormModal
      opened
      onClose={onClose}
      title="Shift Times"
      size="min(64rem, calc(100vw - 2rem))"
      submitLabel="Save"
      canSubmit={changed && Object.keys(errors).length === 0}
      dirty={changed}
      onSubmit={() => change(updateShiftTimes, { orgId: organization.orgId, shifts: shiftDays(form, offset) })}
    >
      <Group justify="space-between" mb="xs">
        <Text size="sm" c="dimmed">
          Start and end of each shift in the organization's time: {where}.
        </Text>
        <Button variant="subtle" size="xs" onClick={copyFirstDay}>
          Copy {first} to every day
        </Button>
      </Group>
      <Table layout="fixed" verticalSpacing={4} aria-label="Shift times to save">
        <ShiftHead dayWidth={96} />
        <Table.Tbody>
          {SHIFT_DAYS.map((day) => (
            <Table.Tr key={day}>
              <Table.Td>{day}</Table.Td>
              {SHIFT_NUMBERS.map((n) => (
                <Table.Td key={n}>
                  <Group gap={4} wrap="nowrap" align="flex-start">
                    {(['start', 'end'] as const).map((which) => (
                      <TextInput
                        key={which}
                        type="time"
                        size="xs"
                        aria-label={`${day} shift ${n} ${which}`}
                        value={form[day][n][which]}
                        onChange={(e) => set(day, n, which, e.currentTarget.value)}
                        onBlur={() => touch(`${day}.${n}.${which}`)}
                        error={touched.has(`${day}.${n}.${which}`) ? errors[`${day}.${n}.${which}`] : undefined}
                        style={{ flex: 1 }}
                      />
                    ))}
                  </Group>
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </FormModal>
  );
}
