import Dexie, { type DBCore, type DBCoreMutateRequest, type DBCoreTable, type DBCoreTransaction, type Middleware, type Transaction } from 'dexie';
import {
  emptySummary,
  foldRecord,
  foldWrite,
  pruneSummary,
  summarize,
  summaryKeep,
  SUMMARY_SOURCES,
  type FleetSummary,
  type SourceRow,
  type SummarySource,
  type SummaryKeep,
  type SummarySources,
} from '../../core/rules/fleet-summary.ts';
import { eachPageOfRows } from './bucketed-tables.ts';
import { derivedSkipped } from './without-derived.ts';

/*
 * The mirror keeps one summary per vehicle (core/rules/fleet-summary.ts) in `fleetSummaries`, so that a
 * screen reads one record per vehicle instead of its history. One DBCore middleware keeps them: every
 * write to a source feed (a pulled page, an optimistic change, a rebase, a rollback) folds the rows
 * into their vehicles' summaries in the same transaction, so a summary never disagrees with the records
 * it sums up. A change the fold cannot undo (the record that was the best of a field changed or went)
 * marks the summary stale; readers make a stale summary again from the vehicle's records, and the pull
 * stores it again (refreshStaleSummaries). A first sync's pages, and the answers filled in after it, are
 * written past the middleware (src/db/without-derived.ts); the first sync then makes every summary at once.
 */

export const SUMMARIES = 'fleetSummaries';

const SOURCE_SET = new Set<string>(SUMMARY_SOURCES);
export const isSummarySource = (table: string): table is SummarySource => SOURCE_SET.has(table);

/** The store's declaration: a summary under its vehicle's id. */
export const SUMMARIES_STORE = 'vehicleId';

type Row = SourceRow & { id: string };

/**
 * Sources whose rows may change vehicle (a record the server put under another vehicle than the device
 * did): a put reads the row it replaces first. Not inspections: an inspection is performed on one
 * vehicle at one moment and the server never changes either (an amendment is a new inspection), and
 * reading one by id where nobody located it scans every month (src/db/row-locations.ts).
 */
const MOVABLE = new Set<SummarySource>(SUMMARY_SOURCES.filter((s) => s !== 'inspections'));

function inScope(trans: DBCoreTransaction): boolean {
  const names = (trans as unknown as IDBTransaction).objectStoreNames;
  return names === undefined || names.contains(SUMMARIES);
}

async function summariesOf(store: DBCoreTable, trans: DBCoreTransaction, vehicleIds: string[]): Promise<Map<string, FleetSummary>> {
  const found = (await store.getMany({ trans, keys: vehicleIds })) as (FleetSummary | undefined)[];
  return new Map(vehicleIds.map((id, i) => [id, found[i] ?? emptySummary(id)]));
}

/** A row to fold into its vehicle's summary, or (`deleted`) to take out of it. */
interface Fold {
  row: Row;
  deleted: boolean;
}

// One read and one write of the summaries per request, and no await more than needed: Dexie follows
// the transaction's zone across only a few native awaits, and the middlewares above go on after these.
async function fold(store: DBCoreTable, trans: DBCoreTransaction, source: SummarySource, folds: readonly Fold[]): Promise<void> {
  if (folds.length === 0) return;
  const summaries = await summariesOf(store, trans, [...new Set(folds.map((f) => f.row.vehicleId))]);
  const keep = summaryKeep(new Date());
  for (const { row, deleted } of folds) {
    foldWrite(summaries.get(row.vehicleId)!, source, row, deleted, keep);
  }
  for (const summary of summaries.values()) pruneSummary(summary, keep);
  await store.mutate({ type: 'put', trans, values: [...summaries.values()] });
}

async function markAllStale(store: DBCoreTable, trans: DBCoreTransaction): Promise<void> {
  const { result } = await store.query({
    trans,
    values: true,
    query: { index: store.schema.primaryKey, range: { type: 3 /* Any */, lower: undefined, upper: undefined } },
  });
  const values = (result as FleetSummary[]).map((s) => ({ ...s, stale: true }));
  if (values.length > 0) await store.mutate({ type: 'put', trans, values });
}

async function mutateSource(down: DBCore, table: DBCoreTable, source: SummarySource, req: DBCoreMutateRequest) {
  if (!inScope(req.trans)) throw new Error(`A write to ${source} must have ${SUMMARIES} in its transaction (src/db/fleet-summaries.ts)`);
  if (derivedSkipped(req.trans)) return table.mutate(req);
  const store = down.table(SUMMARIES);
  if (req.type === 'delete') {
    const old = ((await table.getMany({ trans: req.trans, keys: req.keys })) as (Row | undefined)[]).filter((r) => r !== undefined);
    const result = await table.mutate(req);
    await fold(
      store,
      req.trans,
      source,
      old.map((row) => ({ row, deleted: true })),
    );
    return result;
  }
  if (req.type === 'deleteRange') {
    const result = await table.mutate(req);
    await markAllStale(store, req.trans);
    return result;
  }
  const values = req.values as Row[];
  const before = MOVABLE.has(source) ? await table.getMany({ trans: req.trans, keys: values.map((r) => r.id) }) : [];
  const result = await table.mutate(req);
  const failed = new Set(Object.keys(result.failures).map(Number));
  const written = values.filter((_, i) => !failed.has(i));
  // A row now under another vehicle leaves the summary of the one it was under.
  const moved = (before as (Row | undefined)[]).filter((old, i): old is Row => old !== undefined && !failed.has(i) && old.vehicleId !== values[i]!.vehicleId);
  await fold(store, req.trans, source, [...moved.map((row) => ({ row, deleted: true })), ...written.map((row) => ({ row, deleted: false }))]);
  return result;
}

/** The middleware that keeps `fleetSummaries` (installed by MirrorDb). */
export const fleetSummariesMiddleware: Middleware<DBCore> = {
  stack: 'dbcore',
  name: 'FleetSummaries',
  create: (down) => ({
    ...down,
    table(name) {
      const table = down.table(name);
      if (!isSummarySource(name)) return table;
      return { ...table, mutate: (req) => mutateSource(down, table, name, req) };
    },
  }),
};

/** Tables a transaction that writes `tables` must also hold: the summaries, when any of them is a source. */
export function summaryScope(tables: readonly string[]): string[] {
  return tables.some(isSummarySource) ? [SUMMARIES] : [];
}

/** The summaries and every source: what a transaction that makes summaries again holds. */
export const summaryTables = (db: Dexie) => [SUMMARIES, ...SUMMARY_SOURCES].map((t) => db.table(t));

interface SummaryTables {
  table(name: string): Dexie.Table;
}

/** One vehicle's records of every source, read by the vehicleId index. */
async function recordsOf(db: SummaryTables, vehicleId: string): Promise<SummarySources> {
  const lists = await Promise.all(SUMMARY_SOURCES.map((source) => db.table(source).where('vehicleId').equals(vehicleId).toArray()));
  return Object.fromEntries(SUMMARY_SOURCES.map((source, i) => [source, lists[i]])) as unknown as SummarySources;
}

/** A summary made again from its vehicle's records. */
export async function summaryFromRecords(db: SummaryTables, vehicleId: string, now: Date): Promise<FleetSummary> {
  return summarize([vehicleId], await recordsOf(db, vehicleId), now).get(vehicleId)!;
}

/**
 * Every summary, stale ones made again from their records (not stored: a reader's transaction is
 * read-only). Run inside a transaction over the sources and the summaries.
 */
export async function readSummaries(db: SummaryTables, now: Date): Promise<Map<string, FleetSummary>> {
  const all = (await db.table(SUMMARIES).toArray()) as FleetSummary[];
  const fresh = await Promise.all(all.map((s) => (s.stale ? summaryFromRecords(db, s.vehicleId, now) : s)));
  return new Map(fresh.map((s) => [s.vehicleId, s]));
}

/** Stores the stale summaries made again from their records. Run inside a rw transaction over the sources and the summaries. */
export async function refreshStaleSummaries(db: SummaryTables, now = new Date()): Promise<number> {
  const stale = (await db.table(SUMMARIES).toArray()) as FleetSummary[];
  const fresh = await Promise.all(stale.filter((s) => s.stale).map((s) => summaryFromRecords(db, s.vehicleId, now)));
  if (fresh.length > 0) await db.table(SUMMARIES).bulkPut(fresh);
  return fresh.length;
}

/** Folds a record into its vehicle's summary in `summaries`, starting one for a vehicle not yet there. */
export function foldInto(summaries: Map<string, FleetSummary>, source: SummarySource, row: SourceRow, keep: SummaryKeep): void {
  let summary = summaries.get(row.vehicleId);
  if (summary === undefined) summaries.set(row.vehicleId, (summary = emptySummary(row.vehicleId)));
  foldRecord(summary, source, row, keep);
}

/** Records read at a time when every summary is made again: the memory it takes is the summaries'. */
const SUMMARIZE_PAGE_ROWS = 2_000;

/**
 * Every summary made from the records a mirror holds, each source read a page at a time and folded
 * in (so a year of a large fleet's inspections is never in memory at once), then pruned and stored:
 * the upgrade that brought the store, and the end of a first sync (src/db/derived-stores.ts).
 */
export async function summarizeAll(tx: Transaction, now = new Date()): Promise<void> {
  const keep = summaryKeep(now);
  const summaries = new Map<string, FleetSummary>();
  for (const source of SUMMARY_SOURCES) {
    await eachPageOfRows(tx, source, SUMMARIZE_PAGE_ROWS, (rows) => {
      for (const row of rows as Row[]) foldInto(summaries, source, row, keep);
    });
  }
  for (const summary of summaries.values()) pruneSummary(summary, keep);
  await tx.table(SUMMARIES).bulkPut([...summaries.values()]);
}
