import { z } from 'zod';
import { COMPLETION_DATE_REQUIRED, PASSED_NEEDS_COMPLETED } from '../rules/completion.ts';
import { apiPath } from './api-path.ts';
import { entityId, isoDateTime } from './common.ts';
import { defineResource } from './resource.ts';

export const MX_TYPE_MAX = 30;
export const MX_TYPE_MESSAGE = `Maintenance types are at most ${MX_TYPE_MAX} letters, digits, spaces and , . -`;

export const mxTypeSchema = z
  .string({ error: 'Type is required' })
  .trim()
  .min(1, 'Type is required')
  .max(MX_TYPE_MAX, MX_TYPE_MESSAGE)
  .regex(/^[A-Za-z0-9 ,.-]+$/, MX_TYPE_MESSAGE);

/** Who created and last changed a record, with names so that no join is needed to show them. */
export const auditFields = {
  creatorId: z.string().nullable(),
  creatorName: z.string().nullable(),
  creationDate: isoDateTime,
  lastModifierId: z.string().nullable(),
  lastModifierName: z.string().nullable(),
  lastModificationDate: isoDateTime,
};

const scheduled = {
  vehicleId: entityId,
  regNumber: z.string(),
  mxDate: isoDateTime,
  completed: z.boolean(),
  completionDate: isoDateTime.nullable(),
  ...auditFields,
};

/** Scheduled maintenance (feed `scheduledMx`). */
export const scheduledMxSchema = z.object({ mxId: entityId, mxType: z.string(), ...scheduled });
export type ScheduledMx = z.infer<typeof scheduledMxSchema>;

const inspectionVisit = { ...scheduled, passed: z.boolean().nullable(), notes: z.string().nullable() };

/** A periodic maintenance inspection (feed `pmis`). */
export const pmiSchema = z.object({ pmiId: entityId, ...inspectionVisit });
export type Pmi = z.infer<typeof pmiSchema>;

/** A limited technical inspection (feed `ltis`). */
export const ltiSchema = z.object({ ltiId: entityId, ...inspectionVisit });
export type Lti = z.infer<typeof ltiSchema>;

const nonEmptyPatch = (b: object) => Object.keys(b).length > 0;

/** Ticking Completed may leave the date to the server (today), but a completed record with no date is refused. */
function completionRule(b: { completed?: boolean | undefined; completionDate?: string | null | undefined }, ctx: z.RefinementCtx) {
  if (b.completed === true && b.completionDate === null) ctx.addIssue({ code: 'custom', path: ['completionDate'], message: COMPLETION_DATE_REQUIRED });
}

/** POST .../mx/scheduled {mxDate, mxType} */
export const createScheduledMxBodySchema = z.object({
  mxId: entityId.optional(),
  mxDate: isoDateTime,
  mxType: mxTypeSchema,
});
export type CreateScheduledMxBody = z.infer<typeof createScheduledMxBodySchema>;

/**
 * PATCH .../mx/scheduled/{id}: the changed fields. Completed and its date follow part 1 §4
 * (core/rules/completion.ts, on the device and the server alike).
 */
export const updateScheduledMxBodySchema = z
  .object({
    mxDate: isoDateTime.optional(),
    mxType: mxTypeSchema.optional(),
    completed: z.boolean().optional(),
    completionDate: isoDateTime.nullable().optional(),
  })
  .strict()
  .superRefine(completionRule)
  .refine(nonEmptyPatch, { message: 'Nothing to update' });
export type UpdateScheduledMxBody = z.infer<typeof updateScheduledMxBodySchema>;

/** POST .../mx/pmi {mxDate} */
export const createPmiBodySchema = z.object({ pmiId: entityId.optional(), mxDate: isoDateTime });
export type CreatePmiBody = z.infer<typeof createPmiBodySchema>;

/** POST .../mx/lti {mxDate} */
export const createLtiBodySchema = z.object({ ltiId: entityId.optional(), mxDate: isoDateTime });
export type CreateLtiBody = z.infer<typeof createLtiBodySchema>;

export const VISIT_NOTES_MAX = 1000;

/** PATCH .../mx/pmi/{id} and .../mx/lti/{id}: any of mxDate, completed, passed, completionDate, notes. */
export const updateInspectionVisitBodySchema = z
  .object({
    mxDate: isoDateTime.optional(),
    completed: z.boolean().optional(),
    passed: z.boolean().nullable().optional(),
    completionDate: isoDateTime.nullable().optional(),
    notes: z
      .string()
      .trim()
      .max(VISIT_NOTES_MAX, `Notes are at most ${VISIT_NOTES_MAX} characters`)
      .nullable()
      .transform((v) => (v ? v : null))
      .optional(),
  })
  .strict()
  .superRefine((b, ctx) => {
    completionRule(b, ctx);
    if (b.completed === false && b.passed != null) ctx.addIssue({ code: 'custom', path: ['passed'], message: PASSED_NEEDS_COMPLETED });
  })
  .refine(nonEmptyPatch, { message: 'Nothing to update' });
export type UpdateInspectionVisitBody = z.infer<typeof updateInspectionVisitBodySchema>;

const audited = ['creationDate', 'lastModificationDate'] as const;

/**
 * Scheduled maintenance of a vehicle (part 1 §7 "Maintenance"): listed and created under the vehicle,
 * changed under the organization.
 */
export const scheduledMxResource = defineResource({
  feed: 'scheduledMx',
  key: 'mxId',
  parentKey: 'vehicleId',
  row: scheduledMxSchema,
  serverFields: audited,
  createBody: createScheduledMxBodySchema,
  updateBody: updateScheduledMxBodySchema,
  paths: {
    list: apiPath('/data/v1/vehicles/:vehicleId/mx/scheduled'),
    item: apiPath('/data/v1/organizations/:orgId/mx/scheduled/:mxId'),
  },
});

/** LTIs of a vehicle (part 1 §7 "Maintenance"). */
export const ltiResource = defineResource({
  feed: 'ltis',
  key: 'ltiId',
  parentKey: 'vehicleId',
  row: ltiSchema,
  serverFields: audited,
  createBody: createLtiBodySchema,
  updateBody: updateInspectionVisitBodySchema,
  paths: {
    list: apiPath('/data/v1/vehicles/:vehicleId/mx/lti'),
    item: apiPath('/data/v1/organizations/:orgId/mx/lti/:ltiId'),
  },
});

/** PMIs of a vehicle (part 1 §7 "Maintenance"). */
export const pmiResource = defineResource({
  feed: 'pmis',
  key: 'pmiId',
  parentKey: 'vehicleId',
  row: pmiSchema,
  serverFields: audited,
  createBody: createPmiBodySchema,
  updateBody: updateInspectionVisitBodySchema,
  paths: {
    list: apiPath('/data/v1/vehicles/:vehicleId/mx/pmi'),
    item: apiPath('/data/v1/organizations/:orgId/mx/pmi/:pmiId'),
  },
});
