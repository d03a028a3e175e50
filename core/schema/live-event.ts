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

const eventOf = <T extends LiveEventType>(type: T) =>
  z.object({ ...base, eventType: z.literal(type), ...liveEventPayloadSchemas[type].shape });

export const liveEventSchema = z.discriminatedUnion('eventType', [
  eventOf('inspection'),
  eventOf('discrepancy'),
  eventOf('status'),
  eventOf('note'),
  eventOf('mx'),
  eventOf('lti'),
  eventOf('pmi'),
]);
export type LiveEvent = z.infer<typeof liveEventSchema>;
export type LiveEventOf<T extends LiveEventType> = Extract<LiveEvent, { eventType: T }>;
