import { z } from 'zod';
import { apiPath } from './api-path.ts';
import { entityId, INT_MAX, isoDateTime } from './common.ts';
import { sha256Schema } from './file.ts';
import { RESULT_TYPES, RULE_TYPES } from './rule.ts';
import { workflowIdSchema } from './workflow.ts';

const HOUR_MS = 3_600_000;

/**
 * Inspection details (results and pictures) are mirrored on devices from the previous month on; older
 * ones are fetched on demand. The previous month is the organization's, in any zone from UTC-12 to
 * UTC+14: the UTC month of 12 hours ago, less one, from 14 hours before its first UTC midnight.
 */
export function inspectionDetailMirrorStart(now: Date): Date {
  const behind = new Date(now.getTime() - 12 * HOUR_MS);
  return new Date(Date.UTC(behind.getUTCFullYear(), behind.getUTCMonth() - 1, 1) - 14 * HOUR_MS);
}

/** What an inspector answered: pass/fail, a number, or text. */
export const resultValueSchema = z.union([z.number(), z.string(), z.boolean()]).nullable();
export type ResultValue = z.infer<typeof resultValueSchema>;

/** An inspection's header; the feed `inspections` carries its results with it (inspectionFeedSchema). */
export const inspectionSchema = z.object({
  inspectionId: entityId,
  vehicleId: entityId,
  regNumber: z.string(),
  /** The inspection this one amends. */
  parentInspectionId: z.string().nullable(),
  workflowId: workflowIdSchema.nullable(),
  /** The workflow version the inspection was performed against. */
  version: z.number().int().nullable(),
  inspectionDate: isoDateTime,
  completionDate: isoDateTime.nullable(),
  submissionDate: isoDateTime.nullable(),
  miles: z.number().int().nullable(),
  hours: z.number().int().nullable(),
  passed: z.boolean(),
  numFixes: z.number().int().min(0),
  numNotes: z.number().int().min(0),
  inspectorId: z.string().nullable(),
  /** The inspector's name as shown in grids. */
  inspector: z.string().nullable(),
  shift: z.number().int().min(1).max(3).nullable(),
  /** Seconds. */
  duration: z.number().int().min(0).nullable(),
  fuelLevel: z.number().min(0).max(1).nullable(),
  lastModificationDate: isoDateTime,
});
export type Inspection = z.infer<typeof inspectionSchema>;

/** The rule as it was when inspected, so old results read right after the workflow changes. */
export const resultOverviewSchema = z.object({
  title: z.string(),
  description: z.string().nullable(),
  ruleType: z.enum(RULE_TYPES),
  fields: z.object({ absMax: z.number().nullable().optional() }).catchall(z.unknown()),
});
export type ResultOverview = z.infer<typeof resultOverviewSchema>;

/** One answered rule of an inspection, stored and synced with the inspection it belongs to. */
export const inspectionResultSchema = z.object({
  resultId: entityId,
  position: z.number().int().min(0),
  ruleId: z.string(),
  result: z.object({ isPassing: z.boolean(), value: resultValueSchema }),
  isFixed: z.boolean(),
  comment: z.string().nullable(),
  overview: resultOverviewSchema.nullable(),
  type: z.enum(RESULT_TYPES).nullable(),
  units: z.string().nullable(),
  /** Set on a result an amendment added afterwards (Required Mx's 'Amend previous AF1800'): when, and who. */
  amendedAt: isoDateTime.nullable().optional(),
  amendedBy: z.string().nullable().optional(),
  /** When the inspector gave the answer (the inspection app records it for each answer). */
  answeredAt: isoDateTime.nullable().optional(),
});
export type InspectionResult = z.infer<typeof inspectionResultSchema>;

/**
 * A row of the feed `inspections`: the header with its results, read together and so stored and moved
 * together (one row per inspection instead of one per answer). `results` is null for an inspection
 * performed before inspectionDetailMirrorStart when the row was read for a device: its results are
 * fetched on demand.
 */
export const inspectionFeedSchema = inspectionSchema.extend({ results: z.array(inspectionResultSchema).nullable() });
export type InspectionFeedRow = z.infer<typeof inspectionFeedSchema>;

/** A picture taken during an inspection (feed `inspectionPictures`); its content is the file `sha256` (at `url`). */
export const inspectionPictureSchema = z.object({
  pictureId: entityId,
  inspectionId: entityId,
  resultId: z.string().nullable(),
  ruleId: z.string().nullable(),
  itemNo: z.number().int().nullable(),
  sha256: sha256Schema,
  url: z.string(),
  annotation: z.string().nullable(),
});
export type InspectionPicture = z.infer<typeof inspectionPictureSchema>;

/** GET .../inspection/{inspectionId}: the header with its results and their pictures. */
export const inspectionDetailSchema = inspectionSchema.extend({
  results: z.array(inspectionResultSchema.extend({ pictures: z.array(inspectionPictureSchema) })),
});
export type InspectionDetail = z.infer<typeof inspectionDetailSchema>;

/** Multipart fields arrive as text: numbers and JSON are decoded before validation. */
const formNumber = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (typeof v === 'string' ? (v.trim() === '' ? undefined : Number(v)) : v), schema);
const formJson = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => {
    if (typeof v !== 'string') return v;
    try {
      return JSON.parse(v) as unknown;
    } catch {
      return v;
    }
  }, schema);

export const inspectionResponseSchema = z.object({
  /** The client's id for the result, so that a retry or an optimistic copy names the same one. */
  resultId: entityId.optional(),
  ruleId: z.string({ error: 'Each response names its rule' }).min(1).max(64),
  type: z.enum([...RESULT_TYPES, 'lookup'], { error: `A response type is one of: ${RESULT_TYPES.join(', ')}` }),
  result: z.object({ isPassing: z.boolean({ error: 'Each result says whether it passed' }), value: resultValueSchema.optional() }),
  comment: z.string().trim().max(1000, 'Comments are at most 1000 characters').nullable().optional(),
  isFixed: z.boolean().optional(),
  /**
   * The response's pictures: in a multipart submission the file names of its `pictures` parts, in a
   * JSON one the sha256 of files uploaded before (PUT /data/v1/files/{sha256}).
   */
  pictures: z.array(z.string().min(1).max(255)).max(20).optional(),
  /** When the answer was given. */
  answeredAt: isoDateTime.optional(),
});
export type InspectionResponse = z.infer<typeof inspectionResponseSchema>;

const odometer = (label: string) =>
  z
    .number()
    .int(`${label} must be a whole number`)
    .min(1, `${label} must be at least 1`)
    .max(INT_MAX, `${label} must be at most ${INT_MAX.toLocaleString('en-US')}`);

/**
 * PUT/PATCH /data/v2/vehicles/{id}/inspection/recent (and the v1 multipart POST/PATCH): a submission,
 * or an amendment (e.g. of a discrepancy: ruleId 'AF1800-{n}', type passFail, isPassing false).
 */
export const inspectionSubmissionSchema = z.object({
  inspectionId: entityId.optional(),
  version: formNumber(z.number({ error: 'version is required' }).int().min(1)),
  workflowId: formNumber(z.number({ error: 'workflowId is required' }).pipe(workflowIdSchema)),
  responses: formJson(z.array(inspectionResponseSchema).min(1, 'Send at least one response').max(500)),
  miles: formNumber(odometer('Miles').optional()),
  hours: formNumber(odometer('Hours').optional()),
  inspectionDate: isoDateTime.optional(),
  completionDate: isoDateTime.optional(),
  shift: formNumber(z.number().int().min(1).max(3).optional()),
  duration: formNumber(
    z
      .number()
      .int()
      .min(0)
      .max(INT_MAX, `duration must be at most ${INT_MAX.toLocaleString('en-US')} seconds`)
      .optional(),
  ),
  parentInspectionId: entityId.optional(),
});
export type InspectionSubmission = z.infer<typeof inspectionSubmissionSchema>;

/** The inspection calls (part 1 §7 "Inspections"; the spec gives the history and detail paths without a prefix). */
export const inspectionPaths = {
  /** GET: the vehicle's inspections, newest first, headers only (inspectionSchema[]). */
  history: apiPath('/data/v1/vehicles/:vehicleId/inspection/history'),
  /** GET: one inspection with its results and their pictures (inspectionDetailSchema). */
  detail: apiPath('/data/v1/vehicles/:vehicleId/inspection/:inspectionId'),
  /** POST (submit) or PATCH (amend), multipart: field `pictures`, `responses` as JSON naming them. */
  recentV1: apiPath('/data/v1/vehicles/:vehicleId/inspection/recent'),
  /** PUT (submit) or PATCH (amend), JSON or form data. */
  recentV2: apiPath('/data/v2/vehicles/:vehicleId/inspection/recent'),
};
