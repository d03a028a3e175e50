import { completionAfterChange, reportedToMx } from '../../../core/rules/discrepancy.ts';
import type { CreateDiscrepancyBody, Discrepancy, UpdateDiscrepancyBody } from '../../../core/schema/discrepancy.ts';
import { discrepancies } from '../../db/schema/index.ts';
import type { VehicleRecordKind } from '../vehicle-records/records.ts';
import { discrepancyToApi } from './presenter.ts';

const dateOrNull = (iso: string | null) => (iso ? new Date(iso) : null);

/** The fields of a change as columns: dates as dates, the rest as sent. */
function changedColumns(body: UpdateDiscrepancyBody): Record<string, unknown> {
  const columns: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(body)) {
    if (value === undefined) continue;
    columns[field] = field.endsWith('Date') && typeof value === 'string' ? new Date(value) : value;
  }
  return columns;
}

/**
 * Required maintenance (part 1 §4, §5): reported with its AF1800 item, worked and closed by its
 * corrective-action code (core/rules/discrepancy.ts), disregarded; announced as `discrepancy`.
 */
export const discrepancyKind: VehicleRecordKind<typeof discrepancies, Discrepancy, CreateDiscrepancyBody, UpdateDiscrepancyBody> = {
  table: discrepancies,
  toApi: discrepancyToApi,
  noun: 'discrepancy',
  orderBy: discrepancies.dateDiscovered,
  fields(body, now, by) {
    const { reportDate, reporterUserId } = reportedToMx(body, now.toISOString(), by.id);
    return {
      itemNo: body.itemNo,
      discrepancy: body.discrepancy,
      dateDiscovered: new Date(body.dateDiscovered),
      inspectorId: body.inspectorId ?? by.id,
      reportMiles: body.reportMiles ?? null,
      reportHours: body.reportHours ?? null,
      reportDate: dateOrNull(reportDate),
      reporterUserId,
      parentInspectionId: body.parentInspectionId ?? null,
      disregard: false,
      numFixed: 0,
      validFrom: now,
    };
  },
  changes: (current, body, now) => ({
    ...changedColumns(body),
    actualCompletionDate: dateOrNull(completionAfterChange(current, body, now)),
    validFrom: now,
  }),
  event: (d) => ({
    eventType: 'discrepancy',
    discrepancy: d.discrepancy,
    disregard: d.disregard,
    estCompletionDate: d.estCompletionDate,
  }),
};
