import { and, gt, gte, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { Principal } from '../../auth/principal.ts';
import { inspections, notes, vehicles } from '../../db/schema/index.ts';
import type { SyncTable } from '../../sync/sync-table.ts';
import { readSnapshot, type Snapshot } from '../../sync/snapshot.ts';
import { deriveFleetRows, type FleetSources } from '../../../core/rules/fleet-row.ts';
import { summaryKeep } from '../../../core/rules/fleet-summary.ts';
import type { FleetRow } from '../../../core/schema/fleet.ts';

/** Every feed the rule reads whole (a Record, so that a source the rule gains cannot be forgotten here). */
const WHOLE: Record<Exclude<keyof FleetSources, 'inspections' | 'notes'>, true> = {
  vehicles: true,
  workflows: true,
  discrepancies: true,
  scheduledMx: true,
  ltis: true,
  pmis: true,
  waivers: true,
  tdys: true,
  users: true,
};

/**
 * The inspections (without a parent, narrowed by `where`) at each vehicle's latest such moment: one
 * step back down the (vehicle, date) index per vehicle instead of a read of the history. Ties are
 * kept; the fold breaks them by id as it does everywhere. Needs the planner's statistics (a PGlite
 * database is analyzed after seeding and at start, server/db/analyze.ts): without them it reads every
 * vehicle's whole history instead (6 s instead of 0.5 s at 5,000 vehicles with a year each).
 */
function latestRoots(orgId: string, where?: SQL): SQL {
  const i = inspections;
  const root = and(sql`x.vehicle_id = v.id`, sql`x.deleted_at is null`, sql`x.parent_inspection_id is null`, where);
  return and(
    isNull(i.parentInspectionId),
    sql`(${i.vehicleId}, ${i.inspectionDate}) in (
      select v.id, latest.at from ${vehicles} v
      cross join lateral (select x.inspection_date as at from ${inspections} x where ${root} order by x.inspection_date desc limit 1) latest
      where v.org_id = ${orgId})`,
  )!;
}

/**
 * What the rows are made of, in one snapshot. Of the two long histories only what a summary can use
 * (core/rules/fleet-summary.ts) is read: each vehicle's latest inspection and latest one with a fuel
 * level, the inspections with fixes and the notes of the recent window. The rest is read whole.
 */
async function fleetSources(s: Snapshot, orgId: string, now: Date): Promise<FleetSources> {
  const keep = new Date(summaryKeep(now).recent);
  const i = inspections;
  const [whole, latest, fuelled, withFixes, recentNotes] = [
    await s.liveFeeds(Object.keys(WHOLE) as (keyof typeof WHOLE)[]),
    await s.live('inspections', latestRoots(orgId)),
    await s.live('inspections', and(isNotNull(i.fuelLevel), latestRoots(orgId, sql`x.fuel_level is not null`))),
    await s.live('inspections', and(gt(i.numFixes, 0), gte(i.inspectionDate, keep))),
    await s.live('notes', gte(notes.createdAt, keep)),
  ];
  const byId = new Map([...latest, ...fuelled, ...withFixes].map((row) => [row.inspectionId, row]));
  return { ...whole, inspections: [...byId.values()], notes: recentNotes };
}

/**
 * GET /data/v2/fleet/bulk: the Fleet Details rows, derived with the same rule the device runs over its
 * mirror, from one snapshot of the organization's feeds. Decommissioned vehicles only with showArchives.
 */
export async function fleetRows(db: Db, tables: readonly SyncTable[], p: Principal, showArchives: boolean): Promise<FleetRow[]> {
  const now = new Date();
  const sources = await readSnapshot(db, tables, p, (s) => fleetSources(s, p.orgId, now));
  const shown = sources.vehicles
    .filter((v) => showArchives || v.decommissionDate === null)
    .sort((a, b) => a.regNumber.toLowerCase().localeCompare(b.regNumber.toLowerCase()) || a.vehicleId.localeCompare(b.vehicleId));
  return deriveFleetRows({ ...sources, vehicles: shown }, now);
}
