import { completionAfter } from '../../../core/rules/completion.ts';
import { washResource } from '../../../core/schema/wash.ts';
import { createRecordMutator, updateRecordMutator } from '../../sync/record-mutators.ts';
import { actorOf, regNumberOf } from '../actor.ts';

/** Schedules a wash: POST /data/v1/vehicles/{id}/wash with washDate (part 1 §5, §7). */
export const scheduleWash = createRecordMutator(washResource, {
  name: 'scheduleWash',
  async row(db, { parentId, id, userId, fields }) {
    const [actor, regNumber] = await Promise.all([actorOf(db, userId), regNumberOf(db, parentId)]);
    const now = new Date().toISOString();
    return {
      washId: id,
      vehicleId: parentId,
      regNumber,
      washDate: fields.washDate,
      completed: false,
      completionDate: null,
      creatorId: actor.id,
      creatorName: actor.name,
      creationDate: now,
      lastModifierId: actor.id,
      lastModifierName: actor.name,
      lastModificationDate: now,
    };
  },
});

/** Edits a wash: PATCH .../wash/{washId} with the changed fields; completion as part 1 §4 says. */
export const updateWash = updateRecordMutator(washResource, {
  name: 'updateWash',
  async next(db, row, { userId, changes }) {
    const actor = await actorOf(db, userId);
    const now = new Date();
    return {
      ...row,
      ...(changes.washDate ? { washDate: changes.washDate } : {}),
      ...completionAfter(row, changes, now),
      lastModifierId: actor.id,
      lastModifierName: actor.name,
      lastModificationDate: now.toISOString(),
    };
  },
});
