import type { Lti, Pmi, ScheduledMx } from '../../../core/schema/maintenance.ts';
import { iso, isoOrNull, type RowOf } from '../../sync/presenters/presenter-helpers.ts';
import { auditToApi } from '../../sync/presenters/vehicle-record-presenters.ts';

function scheduled(row: RowOf<'scheduledMx'> | RowOf<'ltis'> | RowOf<'pmis'>) {
  return {
    vehicleId: row.vehicleId,
    regNumber: row.regNumber,
    mxDate: iso(row.mxDate),
    completed: row.completed,
    completionDate: isoOrNull(row.completionDate),
    ...auditToApi(row),
  };
}

/** Scheduled maintenance, LTIs and PMIs in their REST and feed shape. */
export const scheduledMxToApi = (row: RowOf<'scheduledMx'>): ScheduledMx => ({ mxId: row.id, mxType: row.mxType, ...scheduled(row) });
export const ltiToApi = (row: RowOf<'ltis'>): Lti => ({ ltiId: row.id, ...scheduled(row), passed: row.passed, notes: row.notes });
export const pmiToApi = (row: RowOf<'pmis'>): Pmi => ({ pmiId: row.id, ...scheduled(row), passed: row.passed, notes: row.notes });
