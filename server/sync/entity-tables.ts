import { gte, sql } from 'drizzle-orm';
import * as s from '../db/schema/index.ts';
import { inspectionDetailMirrorStart } from '../../core/schema/inspection.ts';
import { LIVE_EVENT_FEED_WINDOW_MS } from '../../core/schema/live-event.ts';
import type { SyncTable } from './sync-table.ts';
import * as e from './presenters/vehicle-and-inspection-presenters.ts';
import * as r from './presenters/vehicle-record-presenters.ts';

/**
 * Inspection details (answers, pictures) of inspections performed before the previous month are not
 * mirrored (docs: "Mirror scope"); devices fetch them on demand. The answers travel in the inspection's
 * row (inspectionFeedRowToApi leaves them out), the pictures are rows of their own.
 */
function recentInspectionDetail(inspectionId: typeof s.inspectionPictures.inspectionId) {
  return () => {
    const since = inspectionDetailMirrorStart(new Date()).toISOString();
    return sql`${inspectionId} in (select ${s.inspections.id} from ${s.inspections} where ${s.inspections.inspectionDate} >= ${since}::timestamptz)`;
  };
}

/**
 * The entity feeds of the sync pull not yet moved to their module (feed names match
 * core/schema/entity-feeds.ts); a resource with a contract brings its feed in its module.
 */
export const entitySyncTables: SyncTable[] = [
  { name: 'workflows', table: s.workflows, toApi: e.workflowToApi },
  { name: 'workflowRules', table: s.workflowRules, toApi: e.workflowRuleToApi },
  { name: 'rules', table: s.rules, toApi: e.savedRuleToApi },
  { name: 'inspections', table: s.inspections, toApi: e.inspectionFeedRowToApi },
  {
    name: 'inspectionPictures',
    table: s.inspectionPictures,
    toApi: e.inspectionPictureToApi,
    mirrorScope: recentInspectionDetail(s.inspectionPictures.inspectionId),
  },
  {
    name: 'liveEvents',
    table: s.liveEvents,
    toApi: r.liveEventToApi,
    mirrorScope: () => gte(s.liveEvents.eventTime, new Date(Date.now() - LIVE_EVENT_FEED_WINDOW_MS)),
  },
];
