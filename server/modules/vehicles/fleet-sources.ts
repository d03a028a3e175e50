import { and, getTableColumns, gt, gte, inArray, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { inspections, notes, vehicles } from '../../db/schema/index.ts';
import type { SyncTable } from '../../sync/sync-table.ts';
import type { Snapshot } from '../../sync/snapshot.ts';
import { summaryKeep, type SummarySources } from '../../../core/rules/fleet-summary.ts';

/** The summary sources read whole (of the vehicles asked for): a Record, so that a source the rule gains cannot be forgotten here. */
const WHOLE: Record<Exclude<keyof SummarySources, 'inspections' | 'notes'>, true> = {
  discrepancies: true,
  scheduledMx: true,
  ltis: true,
  pmis: true,
  waivers: true,
  tdys: true,
};

/**
 * The inspections (without a parent, narrowed by `where`) at each vehicle's latest such moment: one
 * step back down the (vehicle, date) index per vehicle instead of a read of the history. Ties are
 * kept; the fold breaks them by id as it does everywhere. Needs the planner's statistics (a PGlite
 * database is analyzed after seeding and at start, server/db/analyze.ts): without them it reads every
 * vehicle's whole history instead (6 s instead of 0.5 s at 5,000 vehicles with a year each).
 */
function latestRoots(orgId: string, only: readonly string[] | undefined, where?: SQL): SQL {
  const i = inspections;
  const root = and(sql`x.vehicle_id = v.id`, sql`x.deleted_at is null`, sql`x.parent_inspection_id is null`, where);
  const fleet = and(sql`v.org_id = ${orgId}`, only ? inArray(sql`v.id`, [...only]) : undefined);
  return and(
    isNull(i.parentInspectionId),
    sql`(${i.vehicleId}, ${i.inspectionDate}) in (
      select v.id, latest.at from ${vehicles} v
      cross join lateral (select x.inspection_date as at from ${inspections} x where ${root} order by x.inspection_date desc limit 1) latest
      where ${fleet})`,
  )!;
}

function vehicleColumn(tables: readonly SyncTable[], name: string): PgColumn {
  const column = (getTableColumns(tables.find((t) => t.name === name)!.table) as Record<string, PgColumn | undefined>).vehicleId;
  if (!column) throw new Error(`the feed ${name} has no vehicle column`);
  return column;
}

/**
 * What the organization's summaries are made of (core/rules/fleet-summary.ts), in one snapshot, of
 * every vehicle or `only` of some. Of the two long histories only what a summary can use is read:
 * each vehicle's latest inspection and latest one with a fuel level, the inspections with fixes and
 * the notes of the recent window. The other sources are read whole.
 */
export async function summarySources(s: Snapshot, tables: readonly SyncTable[], orgId: string, now: Date, only?: readonly string[]): Promise<SummarySources> {
  const keep = new Date(summaryKeep(now).recent);
  const ofVehicles = (column: PgColumn) => (only ? inArray(column, [...only]) : undefined);
  const i = inspections;
  const whole = {} as { [N in keyof typeof WHOLE]: SummarySources[N] };
  for (const name of Object.keys(WHOLE) as (keyof typeof WHOLE)[]) {
    (whole as Record<string, unknown>)[name] = await s.live(name, ofVehicles(vehicleColumn(tables, name)));
  }
  const [latest, fuelled, withFixes, recentNotes] = [
    await s.live('inspections', latestRoots(orgId, only)),
    await s.live('inspections', and(isNotNull(i.fuelLevel), latestRoots(orgId, only, sql`x.fuel_level is not null`))),
    await s.live('inspections', and(gt(i.numFixes, 0), gte(i.inspectionDate, keep), ofVehicles(i.vehicleId))),
    await s.live('notes', and(gte(notes.createdAt, keep), ofVehicles(notes.vehicleId))),
  ];
  const byId = new Map([...latest, ...fuelled, ...withFixes].map((row) => [row.inspectionId, row]));
  return { ...whole, inspections: [...byId.values()], notes: recentNotes };
}
