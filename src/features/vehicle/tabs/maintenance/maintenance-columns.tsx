import { Text } from '@mantine/core';
import { daysAway } from '../../../../../core/rules/days-away.ts';
import type { GridColumn } from '../../../../components/data-grid/index.ts';
import { dateColumn } from '../../../../shared/date-column.ts';

/** What scheduled maintenance, LTIs and PMIs share: a day it is scheduled for and a completion. */
export interface ScheduledRecord {
  mxDate: string;
  completionDate: string | null;
  lastModificationDate: string;
}

/** Part 1 §2: Days Away, in days of the organization's zone, is computed only without a completion date; overdue work shows in red. */
function daysAwayColumn<R extends ScheduledRecord>(zone: string): GridColumn<R> {
  const value = (r: R) => daysAway(r.mxDate, r.completionDate, new Date(), zone);
  return {
    id: 'daysAway',
    header: 'Days Away',
    value,
    cell: (r) => {
      const days = value(r);
      if (days === null) return '';
      return days < 0 ? (
        <Text component="span" inherit c="red.8" fw={600}>
          {days}
        </Text>
      ) : (
        days
      );
    },
    filter: 'NUMBER_RANGE',
    width: 130,
  };
}

/**
 * Last Modified, Scheduled For, Days Away, Completed On (part 1 §2 Scheduled, LTI, PMI). Last Modified
 * starts hidden where the spec says so; Completed On shows with the tab's 'Show Completed ...' switch.
 */
export function scheduledColumns<R extends ScheduledRecord>(lastModifiedHidden: boolean, zone: string): GridColumn<R>[] {
  return [
    dateColumn<R>('lastModificationDate', 'Last Modified', (r) => r.lastModificationDate, { hiddenByDefault: lastModifiedHidden }),
    dateColumn<R>('mxDate', 'Scheduled For', (r) => r.mxDate),
    daysAwayColumn<R>(zone),
    dateColumn<R>('completionDate', 'Completed On', (r) => r.completionDate),
  ];
}

/** Column ids that only completed rows fill: shown with the 'Show Completed ...' switch. */
export const COMPLETED_COLUMNS = ['completionDate'] as const;
