import type { Transaction } from 'dexie';

/*
 * Which tables the mirror keeps in buckets, one IndexedDB record per vehicle and month (or per vehicle),
 * and how to go through one whole (src/db/month-buckets.ts is the layer that keeps them). Apart from
 * that layer, so that what needs only these facts (the summaries' making) does not load Dexie.
 */

export interface BucketedTable {
  /** The feed's table, as the app reads and writes it. */
  table: string;
  /** The store that holds its buckets. */
  store: string;
  /**
   * The row's date field whose month (its first 7 characters, YYYY-MM) names the bucket, for a history
   * long enough to need it; without, a vehicle's whole history is one bucket (month '').
   */
  date?: string;
}

/** The shorter vehicle histories, a few dozen rows a vehicle a year: one record per vehicle (mirror version 11). */
export const VEHICLE_HISTORIES: readonly BucketedTable[] = ['discrepancies', 'washes', 'notes', 'scheduledMx', 'ltis', 'pmis'].map((table) => ({
  table,
  store: `${table}ByVehicle`,
}));

/**
 * Inspections, about 250 a vehicle a year: one record per vehicle and month (mirror version 12). A first
 * sync fills their answers afterwards, in pages that come vehicle by vehicle (server/sync/answers.ts), so
 * that each page rewrites only its vehicles' months.
 */
export const INSPECTION_MONTHS: BucketedTable = { table: 'inspections', store: 'inspectionMonths', date: 'inspectionDate' };

/** Every table the mirror keeps in buckets. */
export const BUCKETED_TABLES: readonly BucketedTable[] = [INSPECTION_MONTHS, ...VEHICLE_HISTORIES];

const bucketedByTable = new Map(BUCKETED_TABLES.map((b) => [b.table, b] as const));

/** A bucket's key: [vehicleId, month], the month '' for a table kept a record per vehicle. */
export type BucketKey = [string, string];

/** The bucket a row of a table kept by `date` (or, without, by vehicle alone) belongs in. */
export function bucketKeyOf(row: Record<string, unknown>, date: string | undefined): BucketKey {
  const day = date === undefined ? undefined : row[date];
  return [String(row.vehicleId ?? ''), typeof day === 'string' ? day.slice(0, 7) : ''];
}

/**
 * Changes in the order that writes each bucket once: a bucketed table's rows grouped by table, vehicle
 * and month, after every other change, each group in the order given (a stable sort). A page of the pull
 * comes in the order of revisions, nearly a day of every vehicle's inspections after another; written
 * in chunks in that order, each chunk read and wrote again the month of nearly every vehicle.
 */
export function inBucketOrder<C extends { table: string; row: Record<string, unknown> | null }>(changes: readonly C[]): C[] {
  const keyOf = (c: C): string => {
    const spec = bucketedByTable.get(c.table);
    return spec && c.row !== null ? [c.table, ...bucketKeyOf(c.row, spec.date)].join('\u0000') : '';
  };
  const keyed = changes.map((change, i) => ({ change, i, key: keyOf(change) }));
  keyed.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : a.i - b.i));
  return keyed.map((k) => k.change);
}

/** The declaration of a bucket store whose rows are found by id through an index (src/db/month-buckets.ts). */
export const BUCKET_STORE = '[vehicleId+month], *ids';

/** The declaration of a bucket store whose rows are found by id where they are located (src/db/row-locations.ts). */
export const LOCATED_BUCKET_STORE = '[vehicleId+month]';

/** A row of a bucketed table. */
export type BucketRow = Record<string, unknown> & { id: string; vehicleId?: unknown };

/** One record of a bucket store: a vehicle's rows of a month (or of its whole history, month ''). */
export interface Bucket {
  vehicleId: string;
  month: string;
  /** The rows' ids, in a store declared with an index on them (BUCKET_STORE). */
  ids?: string[];
  rows: BucketRow[];
}

/**
 * Reads every row of `table` a page at a time (about `pageRows` rows), for whoever goes through a
 * whole history without holding it in memory: a bucketed table in the order of its buckets (paging
 * by id would read a bucket again for each of its rows), any other by id. Inside a transaction `tx`
 * that holds the table.
 */
export async function eachPageOfRows(tx: Transaction, table: string, pageRows: number, fold: (rows: BucketRow[]) => void): Promise<void> {
  const spec = bucketedByTable.get(table);
  // An older mirror's upgrade, before the version that made the bucket store, still reads rows.
  const buckets = spec && tx.idbtrans.objectStoreNames.contains(spec.store) ? spec.store : null;
  const source = tx.table(buckets ?? table);
  // A bucket holds a vehicle's history of one table, or a month of it: a few dozen rows, often more.
  const limit = buckets ? Math.max(1, Math.ceil(pageRows / 20)) : pageRows;
  for (let after: unknown = null; ;) {
    const page = (await (after === null ? source.toCollection() : source.where(':id').above(after)).limit(limit).toArray()) as (BucketRow | Bucket)[];
    fold(buckets ? (page as Bucket[]).flatMap((b) => b.rows) : (page as BucketRow[]));
    if (page.length < limit) return;
    const last = page.at(-1)!;
    after = buckets ? [(last as Bucket).vehicleId, (last as Bucket).month] : (last as BucketRow).id;
  }
}
