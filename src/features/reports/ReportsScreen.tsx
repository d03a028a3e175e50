import { useState } from 'react';
import { Button, Center, Group, Loader, Select, Stack, Text, Title } from '@mantine/core';
import { IconCalendar, IconDownload } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { monthlyReportPath, monthlyReportSchema } from '../../../core/schema/monthly-report.ts';
import { useSession } from '../../auth/session-context.ts';
import { downloadText } from '../../components/download-file.ts';
import { AnswerAge } from '../../shared/AnswerAge.tsx';
import { useOrgTimeZone } from '../../shared/org-time-zone.ts';
import { useKeptAnswer } from '../../shared/use-kept-answer.ts';
import { useLiveQuery, useMirror } from '../../sync/react.tsx';
import { ProblemVehicles, ReportCards, ReportFailures } from './ReportCards.tsx';
import { REPORTS_FILE_NAME, reportsCsv } from './reports-csv.ts';
import { THIS_MONTH, reportQueryOf, timeRangeText, type TimeRange } from './time-range.ts';
import { TimeRangeModal } from './TimeRangeModal.tsx';
import { searchablePickerProps } from '../../components/searchable-picker.ts';

/** The path and query of the monthly report over a range (part 2 §7: useOverview=false). */
function reportKey(orgId: string, range: TimeRange, now: Date, zone: string): string {
  const query = new URLSearchParams({ useOverview: 'false', ...reportQueryOf(range, now, zone) });
  return `${monthlyReportPath.build({ orgId })}?${query.toString()}`;
}

/** 'Nov 1, 2026 to Today', from a kept answer's key. */
function describeKey(key: string): string {
  const query = new URLSearchParams(key.slice(key.indexOf('?') + 1));
  const day = (d: string | null) => (d ? dayjs(d).format('MMM D, YYYY') : 'Today');
  return `the report of ${day(query.get('startDate'))} to ${day(query.get('endDate'))}`;
}

/**
 * Reports (/Reports, part 2 §2.6; vco and sectionLead): one section's figures over a range, computed by
 * the server (reports/monthly, never retried) and kept on the device, so the last answer opens offline
 * with its age. The section is the user's own at first (else the first), any section by the typeahead.
 */
export function ReportsScreen() {
  const { orgId, userId } = useSession().user;
  const db = useMirror();
  const me = useLiveQuery(() => db.feed('users').get(userId), [db, userId]);
  const [range, setRange] = useState<TimeRange>(THIS_MONTH);
  const [chosen, setChosen] = useState<string | null>(null);
  const [editingRange, setEditingRange] = useState(false);
  const zone = useOrgTimeZone();
  const key = reportKey(orgId, range, new Date(), zone);
  const answer = useKeptAnswer(key, monthlyReportSchema);
  const sections = answer.kept?.answer ?? [];
  const section = sections.find((s) => s.id === chosen) ?? sections.find((s) => s.id === me?.sectionId) ?? sections[0] ?? null;
  const rangeText = answer.kept && answer.kept.key !== key ? describeKey(answer.kept.key).replace('the report of ', '') : timeRangeText(range);

  return (
    <Stack gap="md">
      <Title order={1}>{`${section?.name ?? 'Section'} Report: ${rangeText}`}</Title>
      <Group align="flex-end" gap="md">
        <Select
          aria-label="Section"
          placeholder="Find a section..."
          data={sections.map((s) => ({ value: s.id, label: s.name }))}
          value={section?.id ?? null}
          onChange={(v) => setChosen(v)}
          {...searchablePickerProps}
          allowDeselect={false}
          w={{ base: '100%', sm: 280 }}
          comboboxProps={{ withinPortal: true }}
        />
        <Button variant="default" leftSection={<IconCalendar size={16} />} onClick={() => setEditingRange(true)}>
          Time Range Options
        </Button>
        <Button
          variant="default"
          leftSection={<IconDownload size={16} />}
          disabled={sections.length === 0}
          onClick={() => downloadText(reportsCsv(sections, rangeText), REPORTS_FILE_NAME, 'text/csv;charset=utf-8')}
        >
          Download
        </Button>
      </Group>
      <AnswerAge states={[answer]} keys={[key]} what="reports" describeKey={describeKey} />
      {answer.kept === null ? (
        answer.fetching || !answer.read ? (
          <Center py="xl">
            <Loader aria-label="Loading the report" />
          </Center>
        ) : null
      ) : section === null ? (
        <Text c="dimmed">No report information for this month.</Text>
      ) : (
        <>
          <ReportCards report={section} />
          <ProblemVehicles report={section} />
          <ReportFailures report={section} />
        </>
      )}
      {editingRange ? (
        <TimeRangeModal
          opened
          range={range}
          onClose={() => setEditingRange(false)}
          onApply={(next) => {
            setRange(next);
            setEditingRange(false);
          }}
        />
      ) : null}
    </Stack>
  );
}
