import { z } from 'zod';
import { TDY_END_BEFORE_START } from '../rules/tdy.ts';
import { apiPath } from './api-path.ts';
import { entityId, isoDate } from './common.ts';
import { auditFields } from './maintenance.ts';
import { regNumberSchema } from './registration.ts';
import { defineResource } from './resource.ts';

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

/** POST /data/v2/tdy */
export const createTdyBodySchema = z
  .object({
    tdyId: entityId.optional(),
    regNumber: regNumberSchema,
    /** Ours: the vehicle the device meant; it wins over a registration that changed hands since (server/modules/vehicles/vehicle-meant.ts). */
    vehicleId: entityId.optional(),
    startDate: isoDate,
    endDate: isoDate.nullable().optional(),
    description,
  })
  .refine((b) => !b.endDate || b.endDate >= b.startDate, { path: ['endDate'], message: TDY_END_BEFORE_START });
export type CreateTdyBody = z.infer<typeof createTdyBodySchema>;

/** PATCH /data/v2/tdy/{id}: the changed fields; ticking completed without an end date ends the TDY today (core/rules/tdy.ts). */
export const updateTdyBodySchema = z
  .object({
    startDate: isoDate.optional(),
    endDate: isoDate.nullable().optional(),
    completed: z.boolean().optional(),
    description: description.optional(),
  })
  .strict()
  .refine((b) => !b.startDate || !b.endDate || b.endDate >= b.startDate, { path: ['endDate'], message: TDY_END_BEFORE_START })
  .refine((b) => Object.keys(b).length > 0, { message: 'Nothing to update' });
export type UpdateTdyBody = z.infer<typeof updateTdyBodySchema>;

/**
 * GET /data/v2/tdy?regNumber=&end=yyyy-MM-dd: the organization's TDYs, or one vehicle's; with `end`,
 * only those not ended before that day (no end date, or ending on it or later).
 */
export const tdyQuerySchema = z.object({ regNumber: z.string().max(15).optional(), end: isoDate.optional() });
export type TdyQuery = z.infer<typeof tdyQuerySchema>;

/**
 * TDYs (part 1 §7 "TDY", part 2 §7): listed by filter and created with the vehicle's registration in
 * the body, changed by id. The mirror keeps them under their vehicle.
 */
export const tdyResource = defineResource({
  feed: 'tdys',
  key: 'tdyId',
  parentKey: 'vehicleId',
  row: tdySchema,
  serverFields: ['creationDate', 'lastModificationDate'],
  createBody: createTdyBodySchema,
  updateBody: updateTdyBodySchema,
  paths: {
    list: apiPath('/data/v2/tdy'),
    item: apiPath('/data/v2/tdy/:tdyId'),
  },
});
