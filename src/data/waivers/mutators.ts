import { waiverAfter } from '../../../core/rules/waiver.ts';
import { fileUrl } from '../../../core/schema/file.ts';
import { waiverCardResource, waiverResource } from '../../../core/schema/waiver.ts';
import { createRecordMutator, deleteRecordMutator, updateRecordMutator } from '../../sync/record-mutators.ts';
import { actorOf, createdBy, modifiedBy, regNumberOf } from '../actor.ts';

/** Waivers an item: POST .../waivers with rule, type and explanation. */
export const createWaiver = createRecordMutator(waiverResource, {
  name: 'createWaiver',
  async row(db, { parentId, id, userId, fields }) {
    return {
      waiverId: id,
      vehicleId: parentId,
      regNumber: await regNumberOf(db, parentId),
      ruleId: fields.ruleId,
      waiverType: fields.waiverType,
      explanation: fields.explanation,
      status: 'open' as const,
      closingDate: null,
      ...createdBy(await actorOf(db, userId), new Date()),
    };
  },
});

/** Changes a waiver's status, type or explanation: PATCH .../waivers/{waiverId}; leaving open closes it now. */
export const updateWaiver = updateRecordMutator(waiverResource, {
  name: 'updateWaiver',
  async next(db, row, { userId, changes }) {
    const now = new Date();
    return { ...row, ...waiverAfter(row, changes, now), ...modifiedBy(await actorOf(db, userId), now) };
  },
});

/** Deletes a waiver: DELETE .../waivers/{waiverId}. */
export const deleteWaiver = deleteRecordMutator(waiverResource, { name: 'deleteWaiver' });

/** Uploads the vehicle's waiver card: POST .../waivers/file by its queued content; the newest is the card on file. */
export const uploadWaiverCard = createRecordMutator(waiverCardResource, {
  name: 'uploadWaiverCard',
  async row(db, { parentId, id, fields }) {
    const queued = await db.blobs.get(fields.sha256);
    return {
      waiverCardId: id,
      vehicleId: parentId,
      regNumber: await regNumberOf(db, parentId),
      sha256: fields.sha256,
      filename: fields.filename,
      mimeType: queued?.mimeType ?? 'application/pdf',
      url: fileUrl(fields.sha256),
      creationDate: new Date().toISOString(),
    };
  },
  files: (fields) => [fields.sha256],
});
