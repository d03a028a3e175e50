import { completionAfter, visitAfter } from '../../../core/rules/completion.ts';
import { ltiResource, pmiResource, scheduledMxResource } from '../../../core/schema/maintenance.ts';
import type { MirrorDb } from '../../db/mirror.ts';
import { createRecordMutator, updateRecordMutator } from '../../sync/record-mutators.ts';
import { actorOf, createdBy, modifiedBy, regNumberOf } from '../actor.ts';

/** What every new maintenance record starts as: scheduled, not completed, made by the user now. */
async function newRecord(db: MirrorDb, vehicleId: string, userId: string, mxDate: string) {
  const [actor, regNumber] = await Promise.all([actorOf(db, userId), regNumberOf(db, vehicleId)]);
  return { vehicleId, regNumber, mxDate, completed: false, completionDate: null, ...createdBy(actor, new Date()) };
}

/** Schedules maintenance: POST .../mx/scheduled with mxDate and mxType (part 1 §5, §7). */
export const scheduleMx = createRecordMutator(scheduledMxResource, {
  name: 'scheduleMx',
  async row(db, { parentId, id, userId, fields }) {
    return { mxId: id, mxType: fields.mxType, ...(await newRecord(db, parentId, userId, fields.mxDate)) };
  },
});

/** Edits scheduled maintenance: PATCH /organizations/{orgId}/mx/scheduled/{id} with the changed fields. */
export const updateScheduledMx = updateRecordMutator(scheduledMxResource, {
  name: 'updateScheduledMx',
  async next(db, row, { userId, changes }) {
    const now = new Date();
    return {
      ...row,
      ...(changes.mxDate ? { mxDate: changes.mxDate } : {}),
      ...(changes.mxType !== undefined ? { mxType: changes.mxType } : {}),
      ...completionAfter(row, changes, now),
      ...modifiedBy(await actorOf(db, userId), now),
    };
  },
});

/** Schedules an LTI: POST .../mx/lti with mxDate. */
export const scheduleLti = createRecordMutator(ltiResource, {
  name: 'scheduleLti',
  async row(db, { parentId, id, userId, fields }) {
    return { ltiId: id, ...(await newRecord(db, parentId, userId, fields.mxDate)), passed: null, notes: null };
  },
});

/** Schedules a PMI: POST .../mx/pmi with mxDate. */
export const schedulePmi = createRecordMutator(pmiResource, {
  name: 'schedulePmi',
  async row(db, { parentId, id, userId, fields }) {
    return { pmiId: id, ...(await newRecord(db, parentId, userId, fields.mxDate)), passed: null, notes: null };
  },
});

/** The optimistic change of an LTI or PMI: Passed only while completed (part 1 §4). */
function nextVisit<R extends { mxDate: string; completed: boolean; completionDate: string | null; passed: boolean | null; notes: string | null }>(
  row: R,
  changes: {
    mxDate?: string | undefined;
    completed?: boolean | undefined;
    completionDate?: string | null | undefined;
    passed?: boolean | null | undefined;
    notes?: string | null | undefined;
  },
  now: Date,
): R {
  return {
    ...row,
    ...(changes.mxDate ? { mxDate: changes.mxDate } : {}),
    ...(changes.notes !== undefined ? { notes: changes.notes } : {}),
    ...visitAfter(row, changes, now),
  };
}

/** Edits an LTI: PATCH /organizations/{orgId}/mx/lti/{id} with any of mxDate, completed, passed, completionDate, notes. */
export const updateLti = updateRecordMutator(ltiResource, {
  name: 'updateLti',
  async next(db, row, { userId, changes }) {
    const now = new Date();
    return { ...nextVisit(row, changes, now), ...modifiedBy(await actorOf(db, userId), now) };
  },
});

/** Edits a PMI, as an LTI. */
export const updatePmi = updateRecordMutator(pmiResource, {
  name: 'updatePmi',
  async next(db, row, { userId, changes }) {
    const now = new Date();
    return { ...nextVisit(row, changes, now), ...modifiedBy(await actorOf(db, userId), now) };
  },
});
