import { index, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { syncColumns, ts } from './common.ts';

/**
 * Fleet Updates events, stored with the change that caused them (server/db/write.ts) so that a
 * client that was away can catch up on recent ones through the feed.
 */
export const liveEvents = pgTable(
  'live_events',
  {
    ...syncColumns(),
    /** inspection | discrepancy | status | note | mx | lti | pmi */
    eventType: text('event_type').notNull(),
    eventTime: ts('event_time').notNull(),
    vehicleId: text('vehicle_id'),
    regNumber: text('reg_number').notNull(),
    vehicleType: text('vehicle_type'),
    userId: text('user_id'),
    /** The type-specific fields (core/schema/live-event.ts liveEventPayloadSchemas). */
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
  },
  (t) => [index('live_events_org_rev').on(t.orgId, t.rev), index('live_events_org_time').on(t.orgId, t.eventTime)],
);
