import type { Dexie } from 'dexie';

/**
 * Counts the records a mirror's reads bring from one bucket store (src/db/month-buckets.ts), beneath
 * the layer that keeps it: how many of a table's vehicle-months a read or write of it had to open.
 * Install before the mirror opens.
 */
export function countBucketReads(db: Dexie, store: string): { reset(): void; readonly count: number } {
  let count = 0;
  db.use({
    stack: 'dbcore',
    name: 'CountBucketReads',
    level: -3,
    create: (down) => ({
      ...down,
      table(name) {
        const table = down.table(name);
        if (name !== store) return table;
        const counted = <T extends readonly unknown[]>(found: T) => ((count += found.filter((b) => b !== undefined).length), found);
        return {
          ...table,
          getMany: (req) => table.getMany(req).then(counted),
          query: (req) => table.query(req).then((answer) => (counted(answer.result), answer)),
        };
      },
    }),
  });
  return {
    reset: () => void (count = 0),
    get count() {
      return count;
    },
  };
}
