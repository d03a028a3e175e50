import { and, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { Principal } from '../auth/principal.ts';
import { discrepancies, sections, vehicles, waivers } from '../db/schema/index.ts';
import type { SyncTable } from './sync-table.ts';

/*
 * What the inspection app of an inspector pulls (issue 49; docs/inspection-app.md "What the tablet
 * keeps"): exactly what an inspection needs, and none of the website's records. The vehicles of the
 * inspector's section (of the organization, for an inspector without one: a motor pool without
 * sections), with their readings, status and workflow; every workflow and its rules; the
 * organization, for its shift times; the inspector's section; each of those vehicles' open
 * discrepancies and open waivers, so that a known defect is shown rather than reported again. A row
 * that leaves the grant (a discrepancy closed, a vehicle moved to another section) reaches the tablet
 * as a delete. Every other role pulls the whole feed, as the website does.
 */

/** The vehicles an inspector inspects: those of its section, or the organization's. */
const inSection = (p: Principal): SQL => (p.sectionId ? eq(vehicles.sectionId, p.sectionId) : sql`true`);

/** Their ids, for the records of those vehicles. */
const inspectedVehicles = (p: Principal): SQL =>
  sql`(select ${vehicles.id} from ${vehicles} where ${and(eq(vehicles.orgId, p.orgId), isNull(vehicles.deletedAt), inSection(p))})`;

/** Per feed: whether it goes to an inspector's tablet, and which of its rows. Feeds not named here do not. */
const GRANTS: Record<string, ((p: Principal) => SQL) | 'whole'> = {
  vehicles: inSection,
  workflows: 'whole',
  workflowRules: 'whole',
  organizations: 'whole',
  sections: (p) => (p.sectionId ? eq(sections.id, p.sectionId) : sql`false`),
  discrepancies: (p) => and(isNull(discrepancies.actualCompletionDate), eq(discrepancies.disregard, false), inArray(discrepancies.vehicleId, inspectedVehicles(p)))!,
  waivers: (p) => and(eq(waivers.status, 'open'), inArray(waivers.vehicleId, inspectedVehicles(p)))!,
};

/** The feeds an inspector pulls, each with its grant. */
export function inspectorFeeds(all: readonly SyncTable[]): SyncTable[] {
  return all.flatMap((entry) => {
    const grant = GRANTS[entry.name];
    if (grant === undefined) return [];
    return [grant === 'whole' ? entry : { ...entry, grant }];
  });
}

/** The feed names an inspector's pull carries. */
export const INSPECTOR_FEED_NAMES = Object.keys(GRANTS);
