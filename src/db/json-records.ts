import type { DBCore, DBCoreMutateRequest, DBCoreTable, Middleware } from 'dexie';
import { arrayCursor } from './array-cursor.ts';

/*
 * Records a screen reads by the thousand, stored as JSON text beside their key: IndexedDB in Chromium
 * hands back a record by rebuilding its objects one by one, and a fleet's summaries are small objects
 * of many small maps (5,000 of them, 10 MB as JSON, took 300 ms to read that way); a string comes back
 * as it is, and JSON.parse makes the objects several times faster. A DBCore middleware stores each
 * record of the tables named as { [key]: its key, json } and gives the record back whole on every
 * read, so the rest of the app never sees the text. A record stored before (an object of its own,
 * without `json`) is read as it is and packed when next written: nothing to move when a mirror opens.
 * Only for tables with no index but their primary key (an index would need its fields beside the text).
 * Every answer is a chain of the DBCore's own promises, as src/db/month-buckets.ts explains.
 */

type Packed = Record<string, unknown> & { json: string };

function packed(value: unknown): value is Packed {
  return typeof value === 'object' && value !== null && typeof (value as Packed).json === 'string' && Object.keys(value).length === 2;
}

const unpack = (value: unknown): unknown => (packed(value) ? JSON.parse(value.json) : value);

function jsonTable(table: DBCoreTable, keyPath: string): DBCoreTable {
  if (table.schema.indexes.length > 0) throw new Error(`${table.name}: a table kept as JSON text can have no index but its key (src/db/json-records.ts)`);
  const pack = (value: Record<string, unknown>): Packed => ({ [keyPath]: value[keyPath], json: JSON.stringify(value) });
  return {
    ...table,
    mutate(req: DBCoreMutateRequest) {
      if (req.type !== 'add' && req.type !== 'put') return table.mutate(req);
      return table.mutate({ ...req, values: (req.values as Record<string, unknown>[]).map(pack) } as DBCoreMutateRequest);
    },
    get: (req) => table.get(req).then(unpack),
    getMany: (req) => table.getMany(req).then((values) => values.map(unpack)),
    query: (req) => table.query(req).then((answer) => (req.values ? { result: answer.result.map(unpack) } : answer)),
    // A cursor over the records read and unpacked at once (these tables are read whole anyway).
    openCursor: (req) =>
      table.query({ trans: req.trans, values: true, query: req.query }).then(({ result }) => {
        const entries = result
          .map(unpack)
          .map((value) => ({ key: (value as Record<string, unknown>)[keyPath], primaryKey: (value as Record<string, unknown>)[keyPath], value }));
        if (req.reverse) entries.reverse();
        return arrayCursor(req.trans, entries, req.values ?? false);
      }),
  };
}

/** The middleware that keeps `tables` (name -> key path) as JSON text (installed by MirrorDb, beneath the others). */
export function jsonRecordsMiddleware(tables: Record<string, string>): Middleware<DBCore> {
  return {
    stack: 'dbcore',
    name: 'JsonRecords',
    level: -3,
    create: (down) => ({
      ...down,
      table(name) {
        const table = down.table(name);
        return Object.hasOwn(tables, name) ? jsonTable(table, tables[name]!) : table;
      },
    }),
  };
}
