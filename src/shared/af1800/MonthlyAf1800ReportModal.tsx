import { useCallback, useState } from 'react';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { MonthPickerInput } from '@mantine/dates';
import { IconArrowLeft, IconFileTypePdf } from '@tabler/icons-react';
import { currentAf1800Month, defaultReportMonth } from '../../../core/rules/af1800-form.ts';
import type { Af1800Month } from '../../../core/schema/af1800.ts';
import { useSession } from '../../auth/session-context.ts';
import { useMirror, useServerRead, useSyncStatus } from '../../sync/react.tsx';
import { Af1800PdfBody } from './Af1800PdfBody.tsx';
import { loadMonthlyReport, mirrorHoldsMonth, pdfFileName, reportTitle } from './af1800-data.ts';
import { useOrgTimeZone } from '../org-time-zone.ts';
import { useAf1800Pdf } from './use-af1800-pdf.ts';

const PICK_TITLE = 'Monthly AF1800 Report';

/** The month picker works in local dates; the form's month is the same calendar month. */
const toMonth = (date: Date): Af1800Month => ({ year: date.getFullYear(), month: date.getMonth() + 1 });
const toDate = (month: Af1800Month) => new Date(month.year, month.month - 1, 1);

function ReportStage({ month, onBack }: { month: Af1800Month; onBack(): void }) {
  const db = useMirror();
  const read = useServerRead();
  const { user } = useSession();
  const [now] = useState(() => new Date());
  const title = reportTitle(month);
  const load = useCallback(() => loadMonthlyReport(db, read, user.orgId, month, now), [db, read, user.orgId, month, now]);
  const state = useAf1800Pdf(load, title);
  return (
    <Stack gap="xs">
      <Group>
        <Button variant="subtle" size="xs" leftSection={<IconArrowLeft size={16} aria-hidden />} onClick={onBack}>
          Choose another month
        </Button>
      </Group>
      <Af1800PdfBody state={state} fileName={pdfFileName(title)} />
    </Stack>
  );
}

/**
 * The Monthly AF1800 Report (part 2 §2.8): pick a month (MM/yyyy), 'Create combined AF1800 Report',
 * then 'Combined AF1800 reports for {month year}' with every vehicle's form of that month, or 'No
 * report information for this month.' It opens on the month just ended through the 5th
 * (defaultReportMonth). The current and the previous month are made from the device's
 * records, offline too; older months need the server.
 */
export function MonthlyAf1800ReportModal({ onClose }: { onClose(): void }) {
  const [now] = useState(() => new Date());
  const zone = useOrgTimeZone();
  const [picked, setPicked] = useState<Date | null>(() => toDate(defaultReportMonth(now, zone)));
  const [month, setMonth] = useState<Af1800Month | null>(null);
  const { answers } = useSyncStatus();
  const holds = picked ? mirrorHoldsMonth(toMonth(picked), now, zone) : false;

  return (
    <Modal opened onClose={onClose} title={month ? reportTitle(month) : PICK_TITLE} size={month ? 'auto' : 'md'} centered>
      {month ? (
        <ReportStage month={month} onBack={() => setMonth(null)} />
      ) : (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            if (picked) setMonth(toMonth(picked));
          }}
        >
          <Stack gap="md">
            <MonthPickerInput
              label="Month"
              valueFormat="MM/YYYY"
              placeholder="MM/yyyy"
              value={picked}
              onChange={setPicked}
              maxDate={toDate(currentAf1800Month(now, zone))}
              popoverProps={{ withinPortal: true }}
              ariaLabels={{
                previousYear: 'Previous year',
                nextYear: 'Next year',
                previousDecade: 'Previous decade',
                nextDecade: 'Next decade',
                yearLevelControl: 'Choose a year',
              }}
              data-autofocus
            />
            <Text size="sm" c="dimmed">
              {!holds && picked
                ? 'Older months are made by the server: this needs a connection.'
                : answers
                  ? 'Made by the server while this device is still getting the inspections’ answers: this needs a connection.'
                  : 'Made on this device from its records; works offline.'}
            </Text>
            <Group justify="flex-end">
              <Button type="submit" disabled={!picked} leftSection={<IconFileTypePdf size={18} aria-hidden />}>
                Create combined AF1800 Report
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
