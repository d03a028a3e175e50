import { z } from 'zod';
import { entityId, isoDateTime } from './common.ts';
import { auditFields } from './maintenance.ts';

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

/** POST .../wash: a date with a time. */
export const createWashBodySchema = z.object({ washId: entityId.optional(), washDate: isoDateTime });
export type CreateWashBody = z.infer<typeof createWashBodySchema>;

/** PATCH .../wash/{washId} */
export const updateWashBodySchema = z
  .object({
    washDate: isoDateTime.optional(),
    completed: z.boolean().optional(),
    completionDate: isoDateTime.nullable().optional(),
  })
  .strict()
  .refine((b) => Object.keys(b).length > 0, { message: 'Nothing to update' });
export type UpdateWashBody = z.infer<typeof updateWashBodySchema>;
