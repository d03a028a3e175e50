import { useState } from 'react';
import { Radio, Stack } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import dayjs from 'dayjs';
import { dayOf } from '../../../core/rules/org-clock.ts';
import { FormModal } from '../../components/FormModal.tsx';
import { useOrgTimeZone } from '../../shared/org-time-zone.ts';
import {
  draftOf,
  isWholeMonth,
  rangeOfDraft,
  sameRange,
  TIME_RANGE_LABELS,
  timeRangeFaults,
  type TimeRange,
  type TimeRangeDraft,
  type TimeRangeKind,
} from './time-range.ts';

const toDay = (d: Date | string | null) => (d ? dayjs(d).format('YYYY-MM-DD') : null);
const fromDay = (day: string | null) => (day ? dayjs(day).toDate() : null);

/** Time Range Options (part 2 §2.6, §5): This Month, Last Month, From Date or Between Dates; Apply only on a valid change. */
export function TimeRangeModal({ opened, range, onClose, onApply }: { opened: boolean; range: TimeRange; onClose(): void; onApply(range: TimeRange): void }) {
  const [draft, setDraft] = useState<TimeRangeDraft>(() => draftOf(range));
  const now = new Date();
  const zone = useOrgTimeZone();
  const faults = timeRangeFaults(draft, now, zone);
  const next = rangeOfDraft(draft, now, zone);
  // The pickers' last day is the organization's today, as a date of this device's calendar.
  const lastDay = fromDay(dayOf(now, zone))!;
  const set = (patch: Partial<TimeRangeDraft>) => setDraft((d) => ({ ...d, ...patch }));

  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title="Time Range Options"
      submitLabel="Apply"
      canSubmit={next !== null && !sameRange(next, range)}
      onSubmit={() => {
        if (next) onApply(next);
      }}
    >
      <Stack gap="md">
        <Radio.Group label="Report on" value={draft.kind} onChange={(v) => set({ kind: v as TimeRangeKind })}>
          <Stack gap="xs" mt="xs">
            {(Object.keys(TIME_RANGE_LABELS) as TimeRangeKind[]).map((kind) => (
              <Radio key={kind} value={kind} label={TIME_RANGE_LABELS[kind]} />
            ))}
          </Stack>
        </Radio.Group>
        {!isWholeMonth(draft.kind) ? (
          <DateInput
            label="Start date"
            withAsterisk
            valueFormat="MM/DD/YYYY"
            maxDate={lastDay}
            value={fromDay(draft.start)}
            onChange={(d) => set({ start: toDay(d) })}
            error={faults.start}
            popoverProps={{ withinPortal: true }}
          />
        ) : null}
        {draft.kind === 'between' ? (
          <DateInput
            label="End date"
            withAsterisk
            valueFormat="MM/DD/YYYY"
            maxDate={lastDay}
            value={fromDay(draft.end)}
            onChange={(d) => set({ end: toDay(d) })}
            error={faults.end}
            popoverProps={{ withinPortal: true }}
          />
        ) : null}
      </Stack>
    </FormModal>
  );
}
