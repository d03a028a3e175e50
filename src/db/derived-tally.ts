import type { Transaction } from 'dexie';
import { forgetRecord, pruneSummary, summaryKeep, type FleetSummary, type SourceRow, type SummaryKeep, type SummarySource } from '../../core/rules/fleet-summary.ts';
import { foldInto, isSummarySource, refreshStaleSummaries, SUMMARIES } from './fleet-summaries.ts';
import { isOpen, isOpenRecordSource, OPEN_RECORDS, openRecord, openRecordKey, type OpenRecord } from './open-records.ts';

/** A pulled row as a first sync writes it: `row` null for a delete. */
export interface TalliedChange {
  table: string;
  id: string;
  row: Record<string, unknown> | null;
}

/**
 * The derived stores of a first sync (the summaries, the open records), folded in memory from its rows
 * as their transactions commit, with the folds the middlewares use row by row (src/db/fleet-summaries.ts,
 * src/db/open-records.ts), so that its end stores them without reading back every record it wrote: that
 * read was 2.2 s of an 11.5 s first sync of 1,000 vehicles (docs/performance.md). It holds a summary per
 * vehicle, the open records and, to follow a record that moves to another vehicle, the vehicle of each
 * record but the inspections, never the history.
 *
 * Only a first sync that starts from an empty mirror tallies; its end falls back to `deriveAll` when the
 * tally cannot stand for the feeds: a row was deleted meanwhile (forgetting it needs the row as it was),
 * or changes made on this device are still pending (their rows are not the pulled ones).
 */
export class DerivedTally {
  private readonly summaries = new Map<string, FleetSummary>();
  private readonly open = new Map<string, OpenRecord>();
  private deleted = false;
  private readonly keep: SummaryKeep;
  /** The vehicle each record of a summary source was last folded under, but inspections' (which never move). */
  private readonly homes = new Map<string, Map<string, string>>();

  /** `now`: the moment the summaries' windows are counted from, as deriveAll's. */
  constructor(private readonly now = new Date()) {
    this.keep = summaryKeep(now);
  }

  /** Rows a first sync has written (their transaction committed). */
  add(changes: readonly TalliedChange[]): void {
    for (const { table, id, row } of changes) {
      const summed = isSummarySource(table);
      const opened = isOpenRecordSource(table);
      if (!summed && !opened) continue;
      if (row === null) {
        this.deleted = true;
        continue;
      }
      if (summed) this.fold(table, id, row as unknown as SourceRow);
      if (opened) {
        const record = row as { id: string; completed: boolean };
        if (isOpen(record)) this.open.set(openRecordKey(table, id), openRecord(table, record));
        else this.open.delete(openRecordKey(table, id));
      }
    }
  }

  /** Folds a record into its vehicle's summary, taking it out of the one it was under if it moved. */
  private fold(source: SummarySource, id: string, row: SourceRow): void {
    if (source !== 'inspections') {
      let homes = this.homes.get(source);
      if (!homes) this.homes.set(source, (homes = new Map()));
      const was = homes.get(id);
      if (was !== undefined && was !== row.vehicleId) forgetRecord(this.summaries.get(was)!, source, row);
      homes.set(id, row.vehicleId);
    }
    foldInto(this.summaries, source, row, this.keep);
  }

  /**
   * Stores the tally as the derived stores, inside a rw transaction over every table; answers false,
   * storing nothing, when only a read of the feeds can make them.
   */
  async store(tx: Transaction): Promise<boolean> {
    if (this.deleted || (await tx.table('shadows').count()) > 0) return false;
    await tx.table(SUMMARIES).clear();
    await tx.table(OPEN_RECORDS).clear();
    for (const summary of this.summaries.values()) pruneSummary(summary, this.keep);
    await tx.table(SUMMARIES).bulkPut([...this.summaries.values()]);
    await tx.table(OPEN_RECORDS).bulkPut([...this.open.values()]);
    // A row changed while the sync ran can leave a summary the fold could not settle (as row by row).
    if ([...this.summaries.values()].some((s) => s.stale)) await refreshStaleSummaries(tx, this.now);
    return true;
  }
}
