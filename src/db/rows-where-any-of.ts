import type { IndexableType, Table } from 'dexie';

/**
 * With no more rows in the table than this many per key, the whole table is read once and filtered:
 * cheaper than a request per key (an empty store costs one count instead of thousands of requests, as
 * Fleet Details' captions were on a mirror without discrepancy pictures).
 */
const WHOLE_TABLE_ROWS_PER_KEY = 4;

const isPlainKey = (key: IndexableType): key is string | number => typeof key === 'string' || typeof key === 'number';

/**
 * The rows whose `index` (a field's name) holds any of `keys`: one request per key, all sent at once in one read-only
 * transaction (or in the caller's, which must include the table). Dexie's `anyOf` walks a cursor from
 * the least key to the greatest, one round trip to IndexedDB for each step; in Chromium, 1,000 keys
 * among 20,000 pictures took 1.8 s that way and 0.11 s as requests sent together
 * (bench/index-reads.bench.ts; docs/performance.md, "Reading many keys of an index"). A table with few
 * rows for the keys asked (WHOLE_TABLE_ROWS_PER_KEY) is read whole instead. The rows come grouped by
 * key, in the order of the keys; a key given twice is read once.
 */
export function rowsWhereAnyOf<T, K>(table: Table<T, K>, index: string, keys: Iterable<IndexableType>): Promise<T[]> {
  const unique = [...new Set(keys)];
  if (unique.length === 0) return Promise.resolve([]);
  return table.db.transaction('r', table, async () => {
    if (unique.every(isPlainKey) && (await table.count()) <= unique.length * WHOLE_TABLE_ROWS_PER_KEY) {
      const byKey = new Map<unknown, T[]>();
      for (const row of await table.toArray()) {
        const key = (row as Record<string, unknown>)[index];
        const rows = byKey.get(key);
        if (rows) rows.push(row);
        else byKey.set(key, [row]);
      }
      return unique.flatMap((key) => byKey.get(key) ?? []);
    }
    return (await Promise.all(unique.map((key) => table.where(index).equals(key).toArray()))).flat();
  });
}
