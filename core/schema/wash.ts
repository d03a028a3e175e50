import { z } from 'zod';
import { apiPath } from './api-path.ts';
import { entityId, isoDateTime } from './common.ts';
import { auditFields } from './maintenance.ts';
import { defineResource } from './resource.ts';

/** A wash (feed `washes`): the grid shows Scheduled By (creatorName) and Updated By (lastModifierName). */
export const washSchema = z.object({
  washId: entityId,
  vehicleId: entityId,
  regNumber: z.string(),
  washDate: isoDateTime,
  completed: z.boolean(),
  completionDate: isoDateTime.nullable(),
  ...auditFields,
});
export type Wash = z.infer<typeof washSchema>;

export const WASH_DATE_REQUIRED = 'Wash date is required';

/** POST .../wash: a date with a time (part 1 §5). */
export const createWashBodySchema = z.object({ washId: entityId.optional(), washDate: isoDateTime });
export type CreateWashBody = z.infer<typeof createWashBodySchema>;

/** PATCH .../wash/{washId}: the changed fields; a completion date set by hand completes the wash (part 1 §4). */
export const updateWashBodySchema = z
  .object({
    washDate: isoDateTime.optional(),
    completed: z.boolean().optional(),
    completionDate: isoDateTime.nullable().optional(),
  })
  .strict()
  .refine((b) => Object.keys(b).length > 0, { message: 'Nothing to update' });
export type UpdateWashBody = z.infer<typeof updateWashBodySchema>;

/** Washes of a vehicle (part 1 §7 "Washes"). */
export const washResource = defineResource({
  feed: 'washes',
  key: 'washId',
  parentKey: 'vehicleId',
  row: washSchema,
  serverFields: ['creationDate', 'lastModificationDate'],
  createBody: createWashBodySchema,
  updateBody: updateWashBodySchema,
  paths: {
    list: apiPath('/data/v1/vehicles/:vehicleId/wash'),
    item: apiPath('/data/v1/vehicles/:vehicleId/wash/:washId'),
  },
});
