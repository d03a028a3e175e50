import { gte } from 'drizzle-orm';
import * as s from '../db/schema/index.ts';
import { LIVE_EVENT_FEED_WINDOW_MS } from '../../core/schema/live-event.ts';
import type { SyncTable } from './sync-table.ts';
import * as r from './presenters/vehicle-record-presenters.ts';

/**
 * The entity feeds of the sync pull not yet moved to their module (feed names match
 * core/schema/entity-feeds.ts); a resource with a contract brings its feed in its module.
 */
export const entitySyncTables: SyncTable[] = [
  {
    name: 'liveEvents',
    table: s.liveEvents,
    toApi: r.liveEventToApi,
    mirrorScope: () => gte(s.liveEvents.eventTime, new Date(Date.now() - LIVE_EVENT_FEED_WINDOW_MS)),
  },
];
