import { bucketKeyOf, type BucketedTable } from './bucketed-tables.ts';

/*
 * Where the rows of a bucketed table live, for a bucket store kept without an index on its rows' ids
 * (inspections, src/db/month-buckets.ts): such an index costs a write per row, the largest part of
 * filling a mirror (docs/performance.md "IndexedDB writes in Chromium"). A row's bucket is named by its
 * vehicle and, for a table kept by month, its date, and never changes once the row exists: so where a
 * row was once seen, or where the server says it is, stays true, and a row not found in the bucket its
 * location names does not exist. A read or delete by id goes straight to the buckets of the rows
 * located, and scans every bucket only for an id nobody located.
 */

/** A row's bucket: [vehicleId, month], or [vehicleId, null] for any of the vehicle's months. */
export type RowLocation = readonly [string, string | null];

/** What locates a row: its id, its vehicle and, for a table kept by month, its date when known. */
export type Locating = Readonly<Record<string, unknown>> & { id: string; vehicleId: string };

/** How many rows a table's locations remember at least, the most recently seen: about 5 MB. */
export const LOCATIONS_KEPT = 50_000;

/** The rows located, per table, a mirror's own (MirrorDb.locations). */
export class RowLocations {
  private readonly tables = new Map<string, Map<string, RowLocation>>();

  constructor(
    private readonly specs: readonly BucketedTable[],
    private readonly kept = LOCATIONS_KEPT,
  ) {}

  private of(table: string): Map<string, RowLocation> {
    let map = this.tables.get(table);
    if (!map) this.tables.set(table, (map = new Map()));
    return map;
  }

  /** Notes where `rows` of `table` live; a row without the date its table is kept by names its vehicle only. */
  note(table: string, rows: Iterable<Locating>): void {
    const spec = this.specs.find((s) => s.table === table);
    if (!spec) return;
    const map = this.of(table);
    for (const row of rows) {
      if (typeof row.vehicleId !== 'string') continue;
      const dated = spec.date !== undefined && typeof row[spec.date] === 'string';
      const location: RowLocation = dated || spec.date === undefined ? bucketKeyOf(row, spec.date) : [row.vehicleId, null];
      // A vehicle alone never replaces the month already known.
      if (location[1] === null && map.get(row.id)?.[1] != null) continue;
      map.delete(row.id);
      map.set(row.id, location);
    }
    // The oldest go all at once, a quarter of the kept at a time: a Map's deleted entries stay in its
    // table until it grows, and dropping them one by one from the front made every drop step over all
    // those dropped before it (a first sync's fill spent half its main thread there).
    if (map.size > this.kept + Math.ceil(this.kept / 4)) this.tables.set(table, new Map([...map].slice(map.size - this.kept)));
  }

  /** Where the row `id` of `table` lives, if known. */
  find(table: string, id: string): RowLocation | undefined {
    return this.tables.get(table)?.get(id);
  }
}
