import { documentResource } from '../../../core/schema/document.ts';
import { fileUrl } from '../../../core/schema/file.ts';
import { createRecordMutator, deleteRecordMutator, updateRecordMutator } from '../../sync/record-mutators.ts';
import { actorOf, regNumberOf } from '../actor.ts';

/** Uploads a document: POST .../files/aux by its queued content, with its description. */
export const uploadDocument = createRecordMutator(documentResource, {
  name: 'uploadDocument',
  async row(db, { parentId, id, userId, fields }) {
    const actor = await actorOf(db, userId);
    const queued = await db.blobs.get(fields.sha256);
    const now = new Date().toISOString();
    return {
      fileId: id,
      vehicleId: parentId,
      regNumber: await regNumberOf(db, parentId),
      sha256: fields.sha256,
      filename: fields.filename,
      description: fields.description,
      mimeType: queued?.mimeType ?? 'application/octet-stream',
      url: fileUrl(fields.sha256),
      creatorId: actor.id,
      creator: actor.name,
      creationDate: now,
      lastModifierId: actor.id,
      lastModifier: actor.name,
      lastModificationDate: now,
    };
  },
  files: (fields) => [fields.sha256],
});

/** Changes a document's description: PATCH .../files/aux/{fileId}. */
export const updateDocument = updateRecordMutator(documentResource, {
  name: 'updateDocument',
  async next(db, row, { userId, changes }) {
    const actor = await actorOf(db, userId);
    return { ...row, description: changes.description, lastModifierId: actor.id, lastModifier: actor.name, lastModificationDate: new Date().toISOString() };
  },
});

/** Deletes a document: DELETE .../files/aux/{fileId}. */
export const deleteDocument = deleteRecordMutator(documentResource, { name: 'deleteDocument' });
