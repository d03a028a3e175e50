import { dayOf } from '../../../core/rules/org-clock.ts';
import { tdyAfter } from '../../../core/rules/tdy.ts';
import { tdyResource } from '../../../core/schema/tdy.ts';
import { createRecordMutator, updateRecordMutator } from '../../sync/record-mutators.ts';
import { actorOf, createdBy, modifiedBy } from '../actor.ts';
import { orgTimeZoneOf } from '../organization/time-zone.ts';

/** Sends a vehicle on TDY: POST /data/v2/tdy with its registration, start, optional end and description. */
export const createTdy = createRecordMutator(tdyResource, {
  name: 'createTdy',
  async row(db, { parentId, id, userId, fields }) {
    return {
      tdyId: id,
      vehicleId: parentId,
      regNumber: fields.regNumber,
      startDate: fields.startDate,
      endDate: fields.endDate ?? null,
      description: fields.description,
      completed: false,
      ...createdBy(await actorOf(db, userId), new Date()),
    };
  },
});

/** Edits a TDY: PATCH /data/v2/tdy/{id} with the changed fields; Completed ends it today in the organization's zone (part 1 §4). */
export const updateTdy = updateRecordMutator(tdyResource, {
  name: 'updateTdy',
  async next(db, row, { userId, changes }) {
    const now = new Date();
    return {
      ...row,
      ...tdyAfter(row, changes, dayOf(now, await orgTimeZoneOf(db))),
      ...(changes.description !== undefined ? { description: changes.description } : {}),
      ...modifiedBy(await actorOf(db, userId), now),
    };
  },
});
