import { z } from 'zod';
import { entityId, isoDate } from './common.ts';
import { auditFields } from './maintenance.ts';
import { regNumberSchema } from './registration.ts';

export const TDY_DESCRIPTION_MAX = 250;

/** Temporary duty (feed `tdys`); start and end are calendar dates. */
export const tdySchema = z.object({
  tdyId: entityId,
  vehicleId: entityId,
  regNumber: z.string(),
  startDate: isoDate,
  endDate: isoDate.nullable(),
  description: z.string(),
  completed: z.boolean(),
  ...auditFields,
});
export type Tdy = z.infer<typeof tdySchema>;

const description = z
  .string({ error: 'Description is required' })
  .trim()
  .min(1, 'Description is required')
  .max(TDY_DESCRIPTION_MAX, `Descriptions are at most ${TDY_DESCRIPTION_MAX} characters`);

const END_BEFORE_START = 'The end date cannot be before the start date';

/** POST /data/v2/tdy */
export const createTdyBodySchema = z
  .object({
    tdyId: entityId.optional(),
    regNumber: regNumberSchema,
    startDate: isoDate,
    endDate: isoDate.nullable().optional(),
    description,
  })
  .refine((b) => !b.endDate || b.endDate >= b.startDate, { path: ['endDate'], message: END_BEFORE_START });
export type CreateTdyBody = z.infer<typeof createTdyBodySchema>;

/** PATCH /data/v2/tdy/{id}; ticking completed without an end date ends the TDY today. */
export const updateTdyBodySchema = z
  .object({
    startDate: isoDate.optional(),
    endDate: isoDate.nullable().optional(),
    completed: z.boolean().optional(),
    description: description.optional(),
  })
  .strict()
  .refine((b) => !b.startDate || !b.endDate || b.endDate >= b.startDate, { path: ['endDate'], message: END_BEFORE_START })
  .refine((b) => Object.keys(b).length > 0, { message: 'Nothing to update' });
export type UpdateTdyBody = z.infer<typeof updateTdyBodySchema>;

/** GET /data/v2/tdy?regNumber=&end=yyyy-MM-dd */
export const tdyQuerySchema = z.object({ regNumber: z.string().max(15).optional(), end: isoDate.optional() });
export type TdyQuery = z.infer<typeof tdyQuerySchema>;
