import { and, eq, getTableColumns, gt, lte, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/client.ts';
import { fleetSummaries, fleetSummaryClocks, orgClocks } from '../../db/schema/index.ts';
import { syncColumnsOf } from '../../sync/columns.ts';
import type { SyncTable } from '../../sync/sync-table.ts';
import type { Snapshot } from '../../sync/snapshot.ts';
import {
  SUMMARY_SOURCES,
  emptySummary,
  foldWrite,
  pruneSummary,
  summarize,
  summaryKeep,
  type FleetSummary,
  type SourceRow,
} from '../../../core/rules/fleet-summary.ts';
import { summarySources } from './fleet-sources.ts';

/*
 * The server keeps each vehicle's summary (core/rules/fleet-summary.ts) as devices do, so that the
 * fleet's bulk answer reads one row per vehicle instead of the history. It keeps them lazily, by the
 * feed's revisions: the summaries are stored with the revision they are true at, and a read folds in
 * the records written since (the same fold the devices run), makes again from the vehicle's records a
 * summary whose best record changed or went, and stores what changed. A fold counts a record once
 * (kept under its id), so two readers folding the same records concurrently store the same thing, and a
 * stored summary is never replaced by one true at an earlier revision.
 */

/** The organization's summaries as of a snapshot, and those to store (changed since they were last stored). */
export interface KeptSummaries {
  summaries: Map<string, FleetSummary>;
  changed: FleetSummary[];
  /** The organization revision the snapshot sees: every summary is true there. */
  rev: number;
  /** Made from scratch: nothing was kept, or tombstones the kept ones never saw were purged since. */
  rebuilt: boolean;
}

async function revisions(tx: Tx, orgId: string): Promise<{ rev: number; horizon: number; kept: number | null }> {
  const [clock] = await tx.select().from(orgClocks).where(eq(orgClocks.orgId, orgId));
  const [mark] = await tx.select().from(fleetSummaryClocks).where(eq(fleetSummaryClocks.orgId, orgId));
  return { rev: clock?.rev ?? 0, horizon: clock?.horizonRev ?? 0, kept: mark?.rev ?? null };
}

/** Columns no summary reads, left out of the rows folded in: an inspection's answers are most of its bytes. */
const NOT_SUMMED: Partial<Record<string, readonly string[]>> = { inspections: ['results'] };

function summedColumns(entry: SyncTable): Record<string, PgColumn> {
  const columns = { ...(getTableColumns(entry.table) as Record<string, PgColumn>) };
  for (const name of NOT_SUMMED[entry.name] ?? []) delete columns[name];
  return columns;
}

/**
 * Folds every summary source's records written after revision `since` into `summaries`, deletes
 * included; answers the vehicles whose summary changed.
 */
async function foldWritesSince(s: Snapshot, tables: readonly SyncTable[], orgId: string, since: number, summaries: Map<string, FleetSummary>, now: Date) {
  const keep = summaryKeep(now);
  const touched = new Set<string>();
  for (const source of SUMMARY_SOURCES) {
    const entry = tables.find((t) => t.name === source)!;
    const c = syncColumnsOf(entry.table);
    const rows = (await s.tx
      .select(summedColumns(entry))
      .from(entry.table)
      .where(and(eq(c.orgId, orgId), gt(c.rev, since)))) as { deletedAt: Date | null }[];
    for (const row of rows) {
      const record = entry.toApi(row) as SourceRow;
      let summary = summaries.get(record.vehicleId);
      if (!summary) summaries.set(record.vehicleId, (summary = emptySummary(record.vehicleId)));
      foldWrite(summary, source, record, row.deletedAt !== null, keep);
      touched.add(record.vehicleId);
    }
  }
  return touched;
}

/**
 * The organization's summaries at the snapshot, from those kept and the writes since; from scratch
 * (of `vehicleIds`) when none are kept or tombstones were purged past them (their deletes are gone). A
 * vehicle without records has no summary: its row is made from an empty one.
 */
export async function readKeptSummaries(s: Snapshot, tables: readonly SyncTable[], orgId: string, vehicleIds: readonly string[], now: Date): Promise<KeptSummaries> {
  const { rev, horizon, kept } = await revisions(s.tx, orgId);
  if (kept === null || kept < horizon) {
    const summaries = summarize(vehicleIds, await summarySources(s, tables, orgId, now), now);
    return { summaries, changed: [...summaries.values()], rev, rebuilt: true };
  }
  const stored = await s.tx.select({ summary: fleetSummaries.summary }).from(fleetSummaries).where(eq(fleetSummaries.orgId, orgId));
  const summaries = new Map(stored.map(({ summary }) => [summary.vehicleId, summary]));
  const touched = kept < rev ? await foldWritesSince(s, tables, orgId, kept, summaries, now) : new Set<string>();
  const stale = [...touched].filter((id) => summaries.get(id)!.stale);
  if (stale.length > 0) {
    for (const [id, summary] of summarize(stale, await summarySources(s, tables, orgId, now, stale), now)) summaries.set(id, summary);
  }
  const keep = summaryKeep(now);
  for (const summary of summaries.values()) pruneSummary(summary, keep);
  return { summaries, changed: [...touched].map((id) => summaries.get(id)!), rev, rebuilt: false };
}

/** Rows per insert of summaries (a year of visits makes a summary a few kilobytes). */
const STORE_CHUNK = 1_000;

/**
 * Stores what a read made: the changed summaries, each only over one true at the same or an earlier
 * revision (never over a later one), and the organization's kept revision, which only moves forward.
 * After a rebuild, summaries of vehicles that are gone are dropped.
 */
export async function storeKeptSummaries(db: Db, orgId: string, kept: KeptSummaries): Promise<void> {
  if (kept.changed.length === 0 && !kept.rebuilt) return;
  await db.transaction(async (tx) => {
    if (kept.rebuilt) await tx.delete(fleetSummaries).where(and(eq(fleetSummaries.orgId, orgId), lte(fleetSummaries.rev, kept.rev)));
    for (let i = 0; i < kept.changed.length; i += STORE_CHUNK) {
      const chunk = JSON.stringify(kept.changed.slice(i, i + STORE_CHUNK));
      await tx.execute(sql`
        insert into ${fleetSummaries} (vehicle_id, org_id, rev, summary)
        select x.summary->>'vehicleId', ${orgId}, ${kept.rev}, x.summary from jsonb_array_elements(${chunk}::jsonb) as x(summary)
        on conflict (vehicle_id) do update set org_id = excluded.org_id, rev = excluded.rev, summary = excluded.summary
        where ${fleetSummaries.rev} <= excluded.rev`);
    }
    await tx.execute(sql`
      insert into ${fleetSummaryClocks} (org_id, rev) values (${orgId}, ${kept.rev})
      on conflict (org_id) do update set rev = greatest(${fleetSummaryClocks.rev}, excluded.rev)`);
  });
}
