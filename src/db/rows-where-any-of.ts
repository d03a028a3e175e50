import type { IndexableType, Table } from 'dexie';

/**
 * The rows whose `index` holds any of `keys`: one request per key, all sent at once in one read-only
 * transaction (or in the caller's, which must include the table). Dexie's `anyOf` walks a cursor from
 * the least key to the greatest, one round trip to IndexedDB for each step; in Chromium, 1,000 keys
 * among 20,000 pictures took 1.8 s that way and 0.11 s as requests sent together
 * (bench/index-reads.bench.ts; docs/performance.md, "Reading many keys of an index"). The rows come
 * grouped by key, in the order of the keys; a key given twice is read once.
 */
export function rowsWhereAnyOf<T, K>(table: Table<T, K>, index: string, keys: Iterable<IndexableType>): Promise<T[]> {
  const unique = [...new Set(keys)];
  if (unique.length === 0) return Promise.resolve([]);
  return table.db.transaction('r', table, async () => (await Promise.all(unique.map((key) => table.where(index).equals(key).toArray()))).flat());
}
