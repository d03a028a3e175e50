import { z } from 'zod';
import { entityId, isoDateTime } from './common.ts';

export const MX_TYPE_MAX = 30;
export const MX_TYPE_MESSAGE = `Maintenance types are at most ${MX_TYPE_MAX} letters, digits, spaces and , . -`;
export const COMPLETION_IN_FUTURE_MESSAGE = 'The completion date cannot be after today';
export const PASSED_NEEDS_COMPLETED_MESSAGE = 'Passed can only be set once completed';

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

/** A completion date may be today (in any time zone) but not later. */
const DAY_MS = 24 * 60 * 60 * 1000;
export function isNotAfterToday(iso: string, now = Date.now()): boolean {
  return Date.parse(iso) <= now + DAY_MS;
}

const completionDate = isoDateTime.refine((v) => isNotAfterToday(v), COMPLETION_IN_FUTURE_MESSAGE);

/**
 * Completed and completion date go together: ticking completed without a date lets the server fill in
 * today, but an explicit null date on a completed entry is refused.
 */
function completionRule(b: { completed?: boolean | undefined; completionDate?: string | null | undefined }, ctx: z.RefinementCtx) {
  if (b.completed === true && b.completionDate === null) {
    ctx.addIssue({ code: 'custom', path: ['completionDate'], message: 'A completion date is required when completed' });
  }
}

const nonEmptyPatch = (b: object) => Object.keys(b).length > 0;

export const createScheduledMxBodySchema = z.object({
  mxId: entityId.optional(),
  mxDate: isoDateTime,
  mxType: mxTypeSchema,
});
export type CreateScheduledMxBody = z.infer<typeof createScheduledMxBodySchema>;

export const updateScheduledMxBodySchema = z
  .object({
    mxDate: isoDateTime.optional(),
    mxType: mxTypeSchema.optional(),
    completed: z.boolean().optional(),
    completionDate: completionDate.nullable().optional(),
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

/** PATCH .../mx/pmi/{id} and .../mx/lti/{id}: any of mxDate, completed, passed, completionDate, notes. */
export const updateInspectionVisitBodySchema = z
  .object({
    mxDate: isoDateTime.optional(),
    completed: z.boolean().optional(),
    passed: z.boolean().nullable().optional(),
    completionDate: completionDate.nullable().optional(),
    notes: z.string().trim().max(1000, 'Notes are at most 1000 characters').nullable().optional(),
  })
  .strict()
  .superRefine((b, ctx) => {
    completionRule(b, ctx);
    if (b.completed === false && b.passed != null) {
      ctx.addIssue({ code: 'custom', path: ['passed'], message: PASSED_NEEDS_COMPLETED_MESSAGE });
    }
  })
  .refine(nonEmptyPatch, { message: 'Nothing to update' });
export type UpdateInspectionVisitBody = z.infer<typeof updateInspectionVisitBodySchema>;
