import { z } from 'zod';
import { entityId, isoDateTime } from './common.ts';
import { auditFields } from './maintenance.ts';

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
  storedFileId: entityId,
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
  storedFileId: entityId,
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
