import type { Discrepancy, DiscrepancyPicture } from '../../../core/schema/discrepancy.ts';
import { discrepancies, discrepancyPictures } from '../../db/schema/index.ts';
import type { PictureKind } from '../pictures/pictures.ts';
import { discrepancyPictureToApi, discrepancyToApi } from './presenter.ts';

/** Pictures of a discrepancy (part 1 §3: mxPictureId, url, annotation), under .../mx/required/{mxId}/pictures. */
export const discrepancyPictureKind: PictureKind<typeof discrepancyPictures, DiscrepancyPicture, Discrepancy> = {
  table: discrepancyPictures,
  parentColumn: discrepancyPictures.discrepancyId,
  parentField: 'discrepancyId',
  parentParam: 'mxId',
  parent: { table: discrepancies, noun: 'discrepancy', toApi: discrepancyToApi },
  toApi: discrepancyPictureToApi,
};
