import { fileUrl } from '../../../core/schema/file.ts';
import { discrepancyPictureResource } from '../../../core/schema/discrepancy.ts';
import { waiverPictureResource } from '../../../core/schema/waiver.ts';
import { createRecordMutator, deleteRecordMutator, updateRecordMutator } from '../../sync/record-mutators.ts';

type PictureContract = typeof discrepancyPictureResource | typeof waiverPictureResource;

/**
 * The three picture changes of a record that has pictures (discrepancies, waivers): add one by its
 * queued content (the change waits for the upload), caption it, delete it. Written once for both.
 */
function pictureMutators<K extends PictureContract>(contract: K, names: { add: string; caption: string; remove: string }) {
  const add = createRecordMutator(contract as typeof discrepancyPictureResource, {
    name: names.add,
    async row(_db, { parentId, id, fields }) {
      return {
        [contract.key]: id,
        [contract.parentKey]: parentId,
        sha256: fields.sha256,
        filename: fields.filename,
        url: fileUrl(fields.sha256),
        annotation: fields.annotation ?? null,
      } as never;
    },
    files: (fields) => [fields.sha256],
  });
  const caption = updateRecordMutator(contract as typeof discrepancyPictureResource, {
    name: names.caption,
    async next(_db, row, { changes }) {
      return { ...row, annotation: changes.annotation };
    },
  });
  const remove = deleteRecordMutator(contract, { name: names.remove });
  return { add, caption, remove };
}

/** Discrepancy pictures: POST .../mx/required/{reqId}/pictures, PATCH and DELETE .../pictures/{pictureId}. */
export const discrepancyPictures = pictureMutators(discrepancyPictureResource, {
  add: 'addDiscrepancyPicture',
  caption: 'captionDiscrepancyPicture',
  remove: 'deleteDiscrepancyPicture',
});

/** Waiver pictures: POST .../waivers/{waiverId}/pictures, PATCH and DELETE .../pictures/{pictureId}. */
export const waiverPictures = pictureMutators(waiverPictureResource, {
  add: 'addWaiverPicture',
  caption: 'captionWaiverPicture',
  remove: 'deleteWaiverPicture',
});
