import { waiverAfter } from '../../../core/rules/waiver.ts';
import type { CreateWaiverBody, UpdateWaiverBody, Waiver, WaiverCard, WaiverPicture } from '../../../core/schema/waiver.ts';
import { waiverCards, waiverPictures, waivers } from '../../db/schema/index.ts';
import type { HeldFile } from '../../files/store.ts';
import type { PictureKind } from '../pictures/pictures.ts';
import type { VehicleRecordKind } from '../vehicle-records/records.ts';
import { waiverCardToApi, waiverPictureToApi, waiverToApi } from './presenter.ts';

/**
 * Waivered items (part 1 §4, §5): created open, with a rule, a type (warning by default) and an
 * explanation; afterwards only the type and the explanation change, besides the status, whose
 * changes close and reopen it by core/rules/waiver.ts. No Fleet Updates event (part 1 §3 lists none).
 */
export const waiverKind: VehicleRecordKind<typeof waivers, Waiver, CreateWaiverBody, UpdateWaiverBody> = {
  table: waivers,
  toApi: waiverToApi,
  noun: 'waiver',
  orderBy: waivers.createdAt,
  fields: (body) => ({ ruleId: body.ruleId, waiverType: body.waiverType, explanation: body.explanation, status: 'open', closingDate: null }),
  changes(current, body, now) {
    const { closingDate, ...rest } = waiverAfter(current, body, now);
    return { ...rest, ...(closingDate !== undefined ? { closingDate: closingDate === null ? null : new Date(closingDate) } : {}) };
  },
};

/** Pictures of a waivered item, under .../waivers/{waiverId}/pictures. */
export const waiverPictureKind: PictureKind<typeof waiverPictures, WaiverPicture, Waiver> = {
  table: waiverPictures,
  parentColumn: waiverPictures.waiverId,
  parentField: 'waiverId',
  parentParam: 'waiverId',
  parent: { table: waivers, noun: 'waiver', toApi: waiverToApi },
  toApi: waiverPictureToApi,
};

/** A card to record: content the organization holds, with the name it came with. */
export interface NewWaiverCard {
  file: HeldFile;
  filename: string;
}

/** Waiver cards: each upload adds one, and the vehicle's newest is its card on file. A card is never changed. */
export const waiverCardKind: VehicleRecordKind<typeof waiverCards, WaiverCard, NewWaiverCard, never> = {
  table: waiverCards,
  toApi: waiverCardToApi,
  noun: 'waiver card',
  orderBy: waiverCards.createdAt,
  fields: ({ file, filename }, _now, by) => ({ fileId: file.sha256, filename, mimeType: file.mimeType, creatorId: by.id }),
  changes() {
    throw new Error('a waiver card is never changed: a new upload replaces it');
  },
};
