import type { InferSelectModel } from 'drizzle-orm';
import type { Wash } from '../../../core/schema/wash.ts';
import type { washes } from '../../db/schema/index.ts';
import { auditToApi } from '../../sync/presenters/vehicle-record-presenters.ts';

/** A wash in its REST and feed shape. */
export const washToApi = (row: InferSelectModel<typeof washes>): Wash => ({
  washId: row.id,
  vehicleId: row.vehicleId,
  regNumber: row.regNumber,
  washDate: row.washDate.toISOString(),
  completed: row.completed,
  completionDate: row.completionDate?.toISOString() ?? null,
  ...auditToApi(row),
});
