import type { ReactNode } from 'react';
import { Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { RESULT_LABELS } from '../../../core/rules/result-label.ts';
import type { Inspection } from '../../../core/schema/inspection.ts';
import { formatDate, formatDateTime } from '../../shared/fleet-format.ts';
import { PassFailIcon } from '../../shared/PassFailIcon.tsx';
import { countText, durationText, inspectorText, readingText } from './header-text.ts';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2} style={{ minWidth: 0 }}>
      <Text size="xs" c="dimmed" fw={600} tt="uppercase">
        {label}
      </Text>
      <Text size="sm" component="div" style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </Stack>
  );
}

/**
 * The inspection's header (part 1 §2 Inspection detail): registration, status Valid or Invalid (whether
 * it passed), fixes and notes as badges, the day performed, the submission, the inspector and shift,
 * the duration, miles and hours.
 */
export function InspectionHeader({ header, regNumber }: { header: Inspection; regNumber: string }) {
  return (
    <Stack gap="sm">
      <Group gap="sm" align="center" wrap="wrap">
        <Title order={1} style={{ overflowWrap: 'anywhere' }}>
          <Text span inherit c="dimmed" fw={500}>
            Inspection of{' '}
          </Text>
          {regNumber}
        </Title>
        <Group gap="xs">
          <Badge size="xl" variant="light" color="blue" c="blue.9" tt="none">
            {countText(header.numFixes, 'fix', 'fixes')}
          </Badge>
          <Badge size="xl" variant="light" color="gray" c="dark.7" tt="none">
            {countText(header.numNotes, 'note', 'notes')}
          </Badge>
        </Group>
      </Group>
      <Paper withBorder p="md" radius="md">
        {/* The fields flow: one line where they fit, a second when names are long, none squeezed into a narrow column. */}
        <Group align="flex-start" style={{ columnGap: 'var(--mantine-spacing-lg)', rowGap: 'var(--mantine-spacing-md)' }}>
          <Field label="Status">
            <Group gap={6} wrap="nowrap">
              <PassFailIcon passing={header.passed} label={null} />
              <span>{header.passed ? RESULT_LABELS.valid : RESULT_LABELS.invalid}</span>
            </Group>
          </Field>
          <Field label="Date Performed">{formatDate(header.inspectionDate)}</Field>
          {header.submissionDate ? <Field label="Submitted">{formatDateTime(header.submissionDate)}</Field> : null}
          <Field label="Inspector">{inspectorText(header.inspector, header.shift)}</Field>
          <Field label="Duration">{durationText(header.duration)}</Field>
          <Field label="Miles">{readingText(header.miles)}</Field>
          <Field label="Hours">{readingText(header.hours)}</Field>
        </Group>
      </Paper>
    </Stack>
  );
}
