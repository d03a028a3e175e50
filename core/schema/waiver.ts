import { z } from 'zod';
import { apiPath } from './api-path.ts';
import { entityId, isoDateTime } from './common.ts';
import { annotationBodySchema, fileRefFields, pictureFields, sha256Schema } from './file.ts';
import { auditFields } from './maintenance.ts';
import { defineResource } from './resource.ts';

/** Severity levels (part 2 §9); warning is the default. */
export const WAIVER_TYPES = ['warning', 'fatal'] as const;
export const waiverTypeSchema = z.enum(WAIVER_TYPES, { error: 'Type must be warning or fatal' });
export type WaiverType = z.infer<typeof waiverTypeSchema>;

/**
 * The spec does not list waiver statuses; open and fixed come from Fleet Details' Open Waivers and
 * Fixed Waivers columns, closed ends a waiver that was withdrawn.
 */
export const WAIVER_STATUSES = ['open', 'fixed', 'closed'] as const;
export const waiverStatusSchema = z.enum(WAIVER_STATUSES, { error: `Status must be one of: ${WAIVER_STATUSES.join(', ')}` });
export type WaiverStatus = z.infer<typeof waiverStatusSchema>;

export const EXPLANATION_MAX = 1000;

/** A waivered item (feed `waivers`). */
export const waiverSchema = z.object({
  waiverId: entityId,
  vehicleId: entityId,
  regNumber: z.string(),
  ruleId: z.string(),
  waiverType: waiverTypeSchema,
  explanation: z.string(),
  status: waiverStatusSchema,
  closingDate: isoDateTime.nullable(),
  ...auditFields,
});
export type Waiver = z.infer<typeof waiverSchema>;

/** A picture of a waivered item (feed `waiverPictures`). */
export const waiverPictureSchema = z.object({
  waiverPictureId: entityId,
  waiverId: entityId,
  sha256: sha256Schema,
  filename: z.string().nullable(),
  url: z.string(),
  annotation: z.string().nullable(),
});
export type WaiverPicture = z.infer<typeof waiverPictureSchema>;

/** An uploaded waiver card (feed `waiverCards`); the newest one of a vehicle is its card on file. */
export const waiverCardSchema = z.object({
  waiverCardId: entityId,
  vehicleId: entityId,
  regNumber: z.string(),
  sha256: sha256Schema,
  filename: z.string().nullable(),
  mimeType: z.string(),
  url: z.string(),
  creationDate: isoDateTime,
});
export type WaiverCard = z.infer<typeof waiverCardSchema>;

/** GET .../waivers */
export const waiverListSchema = z.object({
  waiveredItems: z.array(waiverSchema.extend({ pictures: z.array(waiverPictureSchema) })),
  waiverCardFile: z.object({ url: z.string(), mimeType: z.string() }).nullable(),
});
export type WaiverList = z.infer<typeof waiverListSchema>;

const explanation = z
  .string({ error: 'Explanation is required' })
  .trim()
  .min(1, 'Explanation is required')
  .max(EXPLANATION_MAX, `Explanations are at most ${EXPLANATION_MAX} characters`);

/** POST .../waivers */
export const createWaiverBodySchema = z.object({
  waiverId: entityId.optional(),
  ruleId: z.string({ error: 'Rule is required' }).trim().min(1, 'Rule is required').max(64),
  waiverType: waiverTypeSchema.default('warning'),
  explanation,
});
export type CreateWaiverBody = z.infer<typeof createWaiverBodySchema>;

/** PATCH .../waivers/{waiverId}: after creation only type and explanation change, besides status. */
export const updateWaiverBodySchema = z
  .object({ status: waiverStatusSchema.optional(), waiverType: waiverTypeSchema.optional(), explanation: explanation.optional() })
  .strict()
  .refine((b) => Object.keys(b).length > 0, { message: 'Nothing to update' });
export type UpdateWaiverBody = z.infer<typeof updateWaiverBodySchema>;

/** Waivered items of a vehicle (part 1 §7 "Waivers"): GET (with waiveredItems and waiverCardFile), POST, PATCH, DELETE. */
export const waiverResource = defineResource({
  feed: 'waivers',
  key: 'waiverId',
  parentKey: 'vehicleId',
  row: waiverSchema,
  // closingDate: the server's clock closes a waiver (core/rules/waiver.ts).
  serverFields: ['creationDate', 'lastModificationDate', 'closingDate'],
  createBody: createWaiverBodySchema,
  updateBody: updateWaiverBodySchema,
  paths: {
    list: apiPath('/data/v1/vehicles/:vehicleId/waivers'),
    item: apiPath('/data/v1/vehicles/:vehicleId/waivers/:waiverId'),
  },
});

/** POST .../waivers/{waiverId}/pictures: a picture by content uploaded before (the multipart PATCH .../waivers/{waiverId} sends the bytes). */
export const addWaiverPictureBodySchema = z.object({ waiverPictureId: entityId.optional(), ...pictureFields });
export type AddWaiverPictureBody = z.infer<typeof addWaiverPictureBodySchema>;

/** Pictures of a waivered item: add, caption (PATCH .../pictures/{pictureId} with annotation), delete. */
export const waiverPictureResource = defineResource({
  feed: 'waiverPictures',
  key: 'waiverPictureId',
  parentKey: 'waiverId',
  row: waiverPictureSchema,
  serverFields: [],
  createBody: addWaiverPictureBodySchema,
  updateBody: annotationBodySchema,
  paths: {
    list: apiPath('/data/v1/vehicles/:vehicleId/waivers/:waiverId/pictures'),
    item: apiPath('/data/v1/vehicles/:vehicleId/waivers/:waiverId/pictures/:waiverPictureId'),
  },
});

/** POST .../waivers/file as JSON: the card by content uploaded before (multipart: field `card`). */
export const uploadWaiverCardBodySchema = z.object({ waiverCardId: entityId.optional(), ...fileRefFields });
export type UploadWaiverCardBody = z.infer<typeof uploadWaiverCardBodySchema>;

/** Waiver cards of a vehicle: each upload adds one, the newest is the card on file. */
export const waiverCardResource = defineResource({
  feed: 'waiverCards',
  key: 'waiverCardId',
  parentKey: 'vehicleId',
  row: waiverCardSchema,
  serverFields: ['creationDate'],
  createBody: uploadWaiverCardBodySchema,
  updateBody: undefined,
  paths: { list: apiPath('/data/v1/vehicles/:vehicleId/waivers/file') },
});
