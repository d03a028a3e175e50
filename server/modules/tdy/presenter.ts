import type { Tdy } from '../../../core/schema/tdy.ts';
import type { RowOf } from '../../sync/presenters/presenter-helpers.ts';
import { auditToApi } from '../../sync/presenters/vehicle-record-presenters.ts';

/** A TDY in its REST and feed shape. */
export const tdyToApi = (row: RowOf<'tdys'>): Tdy => ({
  tdyId: row.id,
  vehicleId: row.vehicleId,
  regNumber: row.regNumber,
  startDate: row.startDate,
  endDate: row.endDate,
  description: row.description,
  completed: row.completed,
  ...auditToApi(row),
});
