import { useState } from 'react';
import { Center, Group, Loader, Stack, Tabs, Text, Title } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import dayjs from 'dayjs';
import { dayOf } from '../../../core/rules/org-clock.ts';
import { INSIGHTS_MIN_DATE, insightsAnswerSchemas } from '../../../core/schema/insights.ts';
import { useOrgTimeZone } from '../../shared/org-time-zone.ts';
import { AnswerAge } from '../../shared/AnswerAge.tsx';
import { useKeptAnswer } from '../../shared/use-kept-answer.ts';
import { FailuresTab } from './FailuresTab.tsx';
import { InspectionsTab } from './InspectionsTab.tsx';
import { defaultInsightsRange, insightsKey, insightsRangeFault, type InsightsRange } from './insights-range.ts';
import { UsageTab } from './UsageTab.tsx';

type Tab = 'inspections' | 'usage' | 'failures';

const toDay = (d: Date | string | null) => (d ? dayjs(d).format('YYYY-MM-DD') : null);
const fromDay = (day: string | null) => (day ? dayjs(day).toDate() : null);

/** 'Mar 1, 2026 to Nov 25, 2026', from a kept answer's key. */
function describeKey(key: string): string {
  const query = new URLSearchParams(key.slice(key.indexOf('?') + 1));
  const day = (name: string) => dayjs(query.get(name) ?? '').format('MMM D, YYYY');
  return `${day('start')} to ${day('end')}`;
}

/**
 * Insights (/Insights, part 2 §2.5): the organization's inspection times, usage and failures over a
 * range of days, computed by the server (the five /insights calls) and kept on the device, so the last
 * answers open offline with their age. The filters work on the answers, offline too.
 */
export function InsightsScreen() {
  // Until the user picks dates, the range is the default of the organization's day (its zone is read from the mirror).
  const zone = useOrgTimeZone();
  const today = dayOf(new Date(), zone);
  const fallback = defaultInsightsRange(new Date(), zone);
  const [picked, setDraft] = useState<{ start: string | null; end: string | null } | null>(null);
  const [chosen, setRange] = useState<InsightsRange | null>(null);
  const draft = picked ?? fallback;
  const range = chosen ?? fallback;
  const [tab, setTab] = useState<Tab>('inspections');
  const fault = insightsRangeFault(draft);

  const change = (next: { start: string | null; end: string | null }) => {
    setDraft(next);
    if (next.start && next.end && insightsRangeFault(next) === null) setRange({ start: next.start, end: next.end });
  };

  const keys = {
    inspect: insightsKey('inspect', range),
    usageTimeseries: insightsKey('usageTimeseries', range),
    usageExcess: insightsKey('usageExcess', range),
    failuresOverview: insightsKey('failuresOverview', range),
    failuresPerVehicle: insightsKey('failuresPerVehicle', range),
  };
  const inspect = useKeptAnswer(keys.inspect, insightsAnswerSchemas.inspect);
  const usage = useKeptAnswer(keys.usageTimeseries, insightsAnswerSchemas.usageTimeseries);
  const excess = useKeptAnswer(keys.usageExcess, insightsAnswerSchemas.usageExcess);
  const failures = useKeptAnswer(keys.failuresOverview, insightsAnswerSchemas.failuresOverview);
  const perVehicle = useKeptAnswer(keys.failuresPerVehicle, insightsAnswerSchemas.failuresPerVehicle);
  const states = [inspect, usage, excess, failures, perVehicle];
  const waiting = states.every((s) => s.kept === null) && states.some((s) => s.fetching || !s.read);
  // The range the charts show: the kept answers' own when they are of other dates (offline).
  const shownRange = inspect.kept ? { start: inspect.kept.answer.start, end: inspect.kept.answer.end } : range;

  return (
    <Stack gap="md">
      <Title order={1}>Insights</Title>
      <Group align="flex-start" gap="md">
        <DateInput
          label="Start date"
          valueFormat="MM/DD/YYYY"
          minDate={fromDay(INSIGHTS_MIN_DATE) ?? undefined}
          maxDate={fromDay(draft.end ?? today) ?? undefined}
          value={fromDay(draft.start)}
          onChange={(d) => change({ ...draft, start: toDay(d) })}
          error={fault}
          w={200}
          popoverProps={{ withinPortal: true }}
        />
        <DateInput
          label="End date"
          valueFormat="MM/DD/YYYY"
          minDate={fromDay(draft.start) ?? undefined}
          value={fromDay(draft.end)}
          onChange={(d) => change({ ...draft, end: toDay(d) })}
          w={200}
          popoverProps={{ withinPortal: true }}
        />
      </Group>
      <AnswerAge states={states} keys={Object.values(keys)} what="insights" describeKey={describeKey} />
      {waiting ? (
        <Center py="xl">
          <Loader aria-label="Loading the insights" />
        </Center>
      ) : (
        <Tabs value={tab} keepMounted={false} onChange={(v) => setTab((v as Tab | null) ?? 'inspections')}>
          <Tabs.List>
            <Tabs.Tab value="inspections">Inspections</Tabs.Tab>
            <Tabs.Tab value="usage">Usage</Tabs.Tab>
            <Tabs.Tab value="failures">Failures</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="inspections" pt="md">
            {inspect.kept ? <InspectionsTab answer={inspect.kept.answer} /> : <Missing />}
          </Tabs.Panel>
          <Tabs.Panel value="usage" pt="md">
            {usage.kept || excess.kept ? <UsageTab usage={usage.kept?.answer ?? null} excess={excess.kept?.answer ?? null} range={shownRange} /> : <Missing />}
          </Tabs.Panel>
          <Tabs.Panel value="failures" pt="md">
            {failures.kept || perVehicle.kept ? <FailuresTab overview={failures.kept?.answer ?? null} perVehicle={perVehicle.kept?.answer ?? null} /> : <Missing />}
          </Tabs.Panel>
        </Tabs>
      )}
    </Stack>
  );
}

function Missing() {
  return (
    <Text c="dimmed" py="xl" ta="center">
      Nothing to show for these dates yet.
    </Text>
  );
}
