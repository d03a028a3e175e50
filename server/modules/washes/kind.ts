import type { CreateWashBody, UpdateWashBody, Wash } from '../../../core/schema/wash.ts';
import { washes } from '../../db/schema/index.ts';
import { completionColumns } from '../vehicle-records/completion.ts';
import type { VehicleRecordKind } from '../vehicle-records/records.ts';
import { washToApi } from './presenter.ts';

/** Washes (part 1 §4, §5): a date with its time, and the completed flags. */
export const washKind: VehicleRecordKind<typeof washes, Wash, CreateWashBody, UpdateWashBody> = {
  table: washes,
  toApi: washToApi,
  noun: 'wash',
  orderBy: washes.washDate,
  fields: (body) => ({ washDate: new Date(body.washDate), completed: false, completionDate: null }),
  changes: (current, body, now, zone) => ({
    ...(body.washDate ? { washDate: new Date(body.washDate) } : {}),
    ...completionColumns(current, body, now, zone),
  }),
};
