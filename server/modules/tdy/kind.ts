import { dayOf } from '../../../core/rules/org-clock.ts';
import { tdyAfter, tdyDatesError } from '../../../core/rules/tdy.ts';
import type { CreateTdyBody, Tdy, UpdateTdyBody } from '../../../core/schema/tdy.ts';
import { tdys } from '../../db/schema/index.ts';
import { badRequest } from '../../http/errors.ts';
import type { VehicleRecordKind } from '../vehicle-records/records.ts';
import { tdyToApi } from './presenter.ts';

/** TDYs (part 1 §4, §5): start and description required, end optional; Completed ends it today in the organization's zone, or cancels one not started. */
export const tdyKind: VehicleRecordKind<typeof tdys, Tdy, CreateTdyBody, UpdateTdyBody> = {
  table: tdys,
  toApi: tdyToApi,
  noun: 'TDY',
  orderBy: tdys.startDate,
  fields: (body) => ({ startDate: body.startDate, endDate: body.endDate ?? null, description: body.description, completed: false }),
  changes(current, body, now, zone) {
    const today = dayOf(now, zone);
    const next = tdyAfter(current, body, today);
    const error = tdyDatesError(next, today);
    if (error) throw badRequest(`${error.field}: ${error.message}`);
    return {
      startDate: next.startDate,
      endDate: next.endDate,
      completed: next.completed,
      ...(body.description !== undefined ? { description: body.description } : {}),
    };
  },
};
