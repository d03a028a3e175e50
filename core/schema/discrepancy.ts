import { z } from 'zod';
import { entityId, INT_MAX, isoDateTime } from './common.ts';
import { apiPath } from './api-path.ts';
import { annotationBodySchema, pictureFields, sha256Schema } from './file.ts';
import { regNumberSchema } from './registration.ts';
import { defineResource } from './resource.ts';

/** Corrective-action codes of the AF1800 (part 2 §9): the discrepancy's af1800StatusCode. */
export const CORRECTIVE_ACTION_CODES = ['C', 'C-T', 'C-P', 'D', 'D-P', 'D-M', 'D-D', 'W', 'N'] as const;
export type CorrectiveActionCode = (typeof CORRECTIVE_ACTION_CODES)[number];
export const CORRECTIVE_ACTION_LABELS: Record<CorrectiveActionCode, string> = {
  C: 'Corrected',
  'C-T': 'Corrected By Temporary Fix',
  'C-P': 'Corrected By Permanent Fix',
  D: 'Delayed',
  'D-P': 'Delayed for Parts',
  'D-M': 'Delayed for Maintenance',
  'D-D': 'Delayed for Disposition',
  W: 'Waiver for Repair',
  N: 'No Repairs Required',
};
export const af1800StatusCodeSchema = z.enum(CORRECTIVE_ACTION_CODES, {
  error: `Status code must be one of: ${CORRECTIVE_ACTION_CODES.join(', ')}`,
});

export const WORK_ORDER_MAX = 15;
export const SYSTEM_CODE_MAX = 10;
export const DISCREPANCY_TEXT_MAX = 500;

/** Required maintenance: one AF1800 discrepancy (feed `discrepancies`). */
export const discrepancySchema = z.object({
  mxId: entityId,
  vehicleId: entityId,
  regNumber: z.string(),
  itemNo: z.number().int().min(1),
  discrepancy: z.string(),
  dateDiscovered: isoDateTime,
  inspectorId: z.string().nullable(),
  reportMiles: z.number().int().nullable(),
  reportHours: z.number().int().nullable(),
  reportDate: isoDateTime.nullable(),
  reporterUserId: z.string().nullable(),
  workOrder: z.string().nullable(),
  /** When the discrepancy last changed (the grid's Last Updated). */
  validFrom: isoDateTime,
  af1800StatusCode: af1800StatusCodeSchema.nullable(),
  /** The maintenance employee (the form's employee number). */
  mxUserId: z.string().nullable(),
  disregard: z.boolean(),
  systemCode: z.string().nullable(),
  numFixed: z.number().int().min(0),
  parentInspectionId: z.string().nullable(),
  actualCompletionDate: isoDateTime.nullable(),
  workDate: isoDateTime.nullable(),
  estCompletionDate: isoDateTime.nullable(),
  lastModificationDate: isoDateTime,
});
export type Discrepancy = z.infer<typeof discrepancySchema>;

/** A picture of a discrepancy (feed `discrepancyPictures`); its content is the file `sha256` (at `url`). */
export const discrepancyPictureSchema = z.object({
  mxPictureId: entityId,
  mxId: entityId,
  sha256: sha256Schema,
  filename: z.string().nullable(),
  url: z.string(),
  annotation: z.string().nullable(),
});
export type DiscrepancyPicture = z.infer<typeof discrepancyPictureSchema>;

/** POST .../mx/required/{reqId}/pictures: a picture by content uploaded before (the multipart PATCH sends the bytes). */
export const addDiscrepancyPictureBodySchema = z.object({ mxPictureId: entityId.optional(), ...pictureFields });
export type AddDiscrepancyPictureBody = z.infer<typeof addDiscrepancyPictureBodySchema>;

/**
 * Pictures of a discrepancy (part 1 §7 "Maintenance": multipart PATCH .../mx/required/{reqId} with
 * pictures, DELETE .../pictures/{pictureId}); the caption is changed by PATCH .../pictures/{pictureId}
 * as on waivers. The server keeps a picture's content once per discrepancy: the same bytes again
 * answer the picture there is.
 */
export const discrepancyPictureResource = defineResource({
  feed: 'discrepancyPictures',
  key: 'mxPictureId',
  parentKey: 'mxId',
  row: discrepancyPictureSchema,
  serverFields: [],
  createBody: addDiscrepancyPictureBodySchema,
  updateBody: annotationBodySchema,
  paths: {
    list: apiPath('/data/v1/vehicles/:vehicleId/mx/required/:mxId/pictures'),
    item: apiPath('/data/v1/vehicles/:vehicleId/mx/required/:mxId/pictures/:mxPictureId'),
  },
});

/** GET .../mx/required: discrepancies with their pictures. */
export const discrepancyWithPicturesSchema = discrepancySchema.extend({ pictures: z.array(discrepancyPictureSchema) });
export type DiscrepancyWithPictures = z.infer<typeof discrepancyWithPicturesSchema>;

const reportNumber = (label: string) =>
  z
    .number({ error: `${label} must be a whole number` })
    .int(`${label} must be a whole number`)
    .min(1, `${label} must be at least 1`)
    .max(INT_MAX, `${label} must be at most ${INT_MAX.toLocaleString('en-US')}`);

/** POST .../mx/required: a new discrepancy (or an amendment of an earlier one through parentInspectionId). */
export const createDiscrepancyBodySchema = z.object({
  mxId: entityId.optional(),
  regNumber: regNumberSchema.optional(),
  itemNo: z.number({ error: 'Rule is required' }).int('Rule is required').min(1, 'Rule is required'),
  discrepancy: z
    .string({ error: 'Discrepancy is required' })
    .trim()
    .min(1, 'Discrepancy is required')
    .max(DISCREPANCY_TEXT_MAX, `Discrepancies are at most ${DISCREPANCY_TEXT_MAX} characters`),
  dateDiscovered: isoDateTime,
  inspectorId: z.string().max(64).nullable().optional(),
  reportMiles: reportNumber('Report miles').nullable().optional(),
  reportHours: reportNumber('Report hours').nullable().optional(),
  parentInspectionId: entityId.nullable().optional(),
});
export type CreateDiscrepancyBody = z.infer<typeof createDiscrepancyBodySchema>;

const optionalText = (max: number, message: string) =>
  z
    .string()
    .trim()
    .max(max, message)
    .nullable()
    .transform((v) => (v ? v : null));

/** PATCH .../mx/required/{reqId}: a partial update. */
export const updateDiscrepancyBodySchema = z
  .object({
    reportDate: isoDateTime.nullable().optional(),
    reportMiles: reportNumber('Report miles').nullable().optional(),
    reportHours: reportNumber('Report hours').nullable().optional(),
    reporterUserId: z.string().max(64).nullable().optional(),
    workOrder: optionalText(WORK_ORDER_MAX, `Work orders are at most ${WORK_ORDER_MAX} characters`).optional(),
    af1800StatusCode: af1800StatusCodeSchema.nullable().optional(),
    mxUserId: z.string().trim().max(64).nullable().optional(),
    systemCode: optionalText(SYSTEM_CODE_MAX, `System codes are at most ${SYSTEM_CODE_MAX} characters`).optional(),
    numFixed: z
      .number()
      .int('Enter a whole number')
      .min(0, 'Cannot be negative')
      .max(INT_MAX, `Enter a number of at most ${INT_MAX.toLocaleString('en-US')}`)
      .optional(),
    disregard: z.boolean().optional(),
    workDate: isoDateTime.nullable().optional(),
    estCompletionDate: isoDateTime.nullable().optional(),
    actualCompletionDate: isoDateTime.nullable().optional(),
  })
  .strict()
  .refine((b) => Object.keys(b).length > 0, { message: 'Nothing to update' });
export type UpdateDiscrepancyBody = z.infer<typeof updateDiscrepancyBodySchema>;

/**
 * Required maintenance of a vehicle (part 1 §7 "Maintenance"): GET and POST .../mx/required, PATCH and
 * DELETE .../mx/required/{reqId}. Pictures are rows of their own (feed `discrepancyPictures`).
 */
export const discrepancyResource = defineResource({
  feed: 'discrepancies',
  key: 'mxId',
  parentKey: 'vehicleId',
  row: discrepancySchema,
  // reportDate: when miles or hours come with the report, it is reported to maintenance as the server stores it.
  serverFields: ['validFrom', 'lastModificationDate', 'reportDate'],
  createBody: createDiscrepancyBodySchema,
  updateBody: updateDiscrepancyBodySchema,
  paths: {
    list: apiPath('/data/v1/vehicles/:vehicleId/mx/required'),
    item: apiPath('/data/v1/vehicles/:vehicleId/mx/required/:mxId'),
  },
});
