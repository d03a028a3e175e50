import { z } from 'zod';
import { entityId, isoDateTime } from './common.ts';
import { vehicleStatusSchema } from './vehicle.ts';

export const LIVE_EVENT_TYPES = ['inspection', 'discrepancy', 'status', 'note', 'mx', 'lti', 'pmi'] as const;
export type LiveEventType = (typeof LIVE_EVENT_TYPES)[number];

/** The sync feed carries the events of the last day: enough to fill Fleet Updates after a reconnect. */
export const LIVE_EVENT_FEED_WINDOW_MS = 24 * 60 * 60 * 1000;

/** Fields every Fleet Updates event carries (part 1 §3). */
const base = {
  eventId: entityId,
  eventTime: isoDateTime,
  regNumber: z.string(),
  vehicleType: z.string().nullable(),
  userId: z.string().nullable(),
  vehicleId: z.string().nullable().optional(),
};

/** The type-specific fields, keyed by eventType: what live_events.payload holds. */
export const liveEventPayloadSchemas = {
  /** The number of discrepancies the inspection found. */
  inspection: z.object({ discrepancies: z.number().int().min(0) }),
  discrepancy: z.object({ discrepancy: z.string(), disregard: z.boolean(), estCompletionDate: isoDateTime.nullable() }),
  status: z.object({ status: vehicleStatusSchema }),
  note: z.object({ note: z.string() }),
  mx: z.object({ mxType: z.string() }),
  lti: z.object({ passed: z.boolean().nullable(), notes: z.string().nullable() }),
  pmi: z.object({ passed: z.boolean().nullable(), notes: z.string().nullable() }),
} as const satisfies Record<LiveEventType, z.ZodObject>;

const p = liveEventPayloadSchemas;
// Spelled out per type (not through a generic helper) so that each variant's type keeps its own payload.
export const liveEventSchema = z.discriminatedUnion('eventType', [
  z.object({ ...base, eventType: z.literal('inspection'), ...p.inspection.shape }),
  z.object({ ...base, eventType: z.literal('discrepancy'), ...p.discrepancy.shape }),
  z.object({ ...base, eventType: z.literal('status'), ...p.status.shape }),
  z.object({ ...base, eventType: z.literal('note'), ...p.note.shape }),
  z.object({ ...base, eventType: z.literal('mx'), ...p.mx.shape }),
  z.object({ ...base, eventType: z.literal('lti'), ...p.lti.shape }),
  z.object({ ...base, eventType: z.literal('pmi'), ...p.pmi.shape }),
]);
export type LiveEvent = z.infer<typeof liveEventSchema>;
export type LiveEventOf<T extends LiveEventType> = Extract<LiveEvent, { eventType: T }>;
