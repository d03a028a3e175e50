import { completionAfter } from '../../../core/rules/completion.ts';
import { washResource } from '../../../core/schema/wash.ts';
import { createRecordMutator, updateRecordMutator } from '../../sync/record-mutators.ts';
import { actorOf, createdBy, modifiedBy, regNumberOf } from '../actor.ts';

/** Schedules a wash: POST /data/v1/vehicles/{id}/wash with washDate (part 1 §5, §7). */
export const scheduleWash = createRecordMutator(washResource, {
  name: 'scheduleWash',
  async row(db, { parentId, id, userId, fields }) {
    const [actor, regNumber] = await Promise.all([actorOf(db, userId), regNumberOf(db, parentId)]);
    return {
      washId: id,
      vehicleId: parentId,
      regNumber,
      washDate: fields.washDate,
      completed: false,
      completionDate: null,
      ...createdBy(actor, new Date()),
    };
  },
});

/** Edits a wash: PATCH .../wash/{washId} with the changed fields; completion as part 1 §4 says. */
export const updateWash = updateRecordMutator(washResource, {
  name: 'updateWash',
  async next(db, row, { userId, changes }) {
    const now = new Date();
    return {
      ...row,
      ...(changes.washDate ? { washDate: changes.washDate } : {}),
      ...completionAfter(row, changes, now),
      ...modifiedBy(await actorOf(db, userId), now),
    };
  },
});
