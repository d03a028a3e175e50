import Dexie, {
  cmp,
  type DBCore,
  type DBCoreIndex,
  type DBCoreKeyRange,
  type DBCoreMutateRequest,
  type DBCoreMutateResponse,
  type DBCoreTable,
  type DBCoreTransaction,
  type Middleware,
} from 'dexie';
import { arrayCursor, type CursorEntry } from './array-cursor.ts';
import { bucketKeyOf, type Bucket, type BucketedTable, type BucketKey, type BucketRow as Row } from './bucketed-tables.ts';
import type { Locating, RowLocations } from './row-locations.ts';

/*
 * The vehicles' histories are stored one IndexedDB record per vehicle and month (inspections), or per
 * vehicle (the shorter histories), not one per row (the tables of src/db/bucketed-tables.ts): IndexedDB
 * in Chromium costs per record, not per byte (docs/performance.md "IndexedDB writes in Chromium": a year
 * of one organization's inspections, 63,711 rows, took 6.5 s to write as rows and 1.5 s as 3,124
 * vehicle-months). The rest of the app still sees each feed's table, row by row: this DBCore middleware,
 * the lowest of the mirror's, answers every read and write of a bucketed table from its store of buckets.
 *
 * A bucket is { vehicleId, month, rows }, keyed [vehicleId+month] (month '' for a vehicle's whole
 * history; a table given a date field is kept by month of it: bucketKeyOf). Reads by the vehicle (a
 * vehicleId index, or an index that starts with it, and Dexie's virtual index on that first part) read
 * that vehicle's buckets, only the months asked for; any other read scans every bucket. Rows are then
 * filtered, sorted and limited as IndexedDB would. The way from a row's id to its bucket is one of two,
 * as the store is declared: a multi-entry index `ids` on the bucket's ids (the shorter histories), or,
 * where that index would cost too much to write (inspections), the rows' locations (src/db/row-locations.ts),
 * with a scan of every bucket for an id not located.
 *
 * A row written again under another bucket (another vehicle; an inspection's vehicle and date never
 * change) leaves the one it was in: found through the ids index, or where it was located (bucketsLeft).
 */

const RANGE_EQUAL = 1;
const RANGE_ANY = 3;
const RANGE_NEVER = 4;
const equalRange = (key: unknown): DBCoreKeyRange => ({ type: RANGE_EQUAL, lower: key, upper: key });
const anyRange: DBCoreKeyRange = { type: RANGE_ANY, lower: undefined, upper: undefined };

const MIN_KEY = -Infinity;
const MAX_KEY = [[]];

function validKey(key: unknown): boolean {
  if (key === undefined) return false;
  try {
    cmp(key, key);
    return true;
  } catch {
    return false;
  }
}

function inRange(key: unknown, range: DBCoreKeyRange): boolean {
  switch (range.type) {
    case RANGE_ANY:
      return true;
    case RANGE_NEVER:
      return false;
    case RANGE_EQUAL:
      return cmp(key, range.lower) === 0;
    default: {
      if (range.lower !== undefined) {
        const c = cmp(key, range.lower);
        if (c < 0 || (c === 0 && range.lowerOpen)) return false;
      }
      if (range.upper !== undefined) {
        const c = cmp(key, range.upper);
        if (c > 0 || (c === 0 && range.upperOpen)) return false;
      }
      return true;
    }
  }
}

const textKey = (key: BucketKey) => `${key[0]}\u0000${key[1]}`;
const uniqueKeys = (keys: readonly BucketKey[]): BucketKey[] => [...new Map(keys.map((k) => [textKey(k), k] as const)).values()];

/** Dexie's Promise.all: the chains here stay Dexie's promises (see bucketTable). */
const all = <T>(list: readonly (T | Promise<T>)[]): Promise<T[]> => Dexie.Promise.all([...list]) as unknown as Promise<T[]>;

interface OpenBucket {
  key: BucketKey;
  rows: Map<string, Row>;
}
const opened = (b: Bucket): OpenBucket => ({ key: [b.vehicleId, b.month], rows: new Map(b.rows.map((r) => [r.id, r])) });

/** The bucket store's index on its rows' ids, if it is declared with one. */
const idsIndexOf = (store: DBCoreTable): DBCoreIndex | undefined => store.schema.getIndexByKeyPath('ids') ?? undefined;

/** The range of one vehicle's buckets. */
const vehicleRange = (vehicle: string): DBCoreKeyRange => ({ type: 2, lower: [vehicle, MIN_KEY], upper: [vehicle, MAX_KEY] });

/** How many buckets a scan for ids not located reads at a time. */
const SCAN_CHUNK = 256;

const distinct = (buckets: readonly Bucket[]): Bucket[] => [...new Map(buckets.map((b) => [textKey([b.vehicleId, b.month]), b] as const)).values()];

/**
 * The range of buckets a query's range can reach: one vehicle's (and, for a date range, only the
 * months it spans) when the index starts with the vehicle and the range names one; else every bucket.
 */
function bucketRange(index: DBCoreIndex, range: DBCoreKeyRange): DBCoreKeyRange {
  const path = index.keyPath;
  if (range.type === RANGE_EQUAL && path === 'vehicleId' && typeof range.lower === 'string') return vehicleRange(range.lower);
  if (!Array.isArray(path) || path[0] !== 'vehicleId' || !Array.isArray(range.lower) || !Array.isArray(range.upper)) return anyRange;
  const [vehicle, from] = range.lower as unknown[];
  const [upperVehicle, to] = range.upper as unknown[];
  if (typeof vehicle !== 'string' || upperVehicle !== vehicle) return anyRange;
  const month = (day: unknown, otherwise: unknown) => (typeof day === 'string' ? day.slice(0, 7) : otherwise);
  return { type: 2, lower: [vehicle, month(from, MIN_KEY)], upper: [vehicle, month(to, MAX_KEY)] };
}

function sortEntries(entries: CursorEntry[], direction: string | undefined): CursorEntry[] {
  entries.sort((a, b) => cmp(a.key, b.key) || cmp(a.primaryKey, b.primaryKey));
  if (direction === 'prev' || direction === 'prevunique') entries.reverse();
  if (direction === 'nextunique' || direction === 'prevunique') return entries.filter((e, i) => i === 0 || cmp(e.key, entries[i - 1]!.key) !== 0);
  return entries;
}

function bucketTable(down: DBCore, spec: BucketedTable, locations: RowLocations | undefined): DBCoreTable {
  const table = down.table(spec.table);
  const store = down.table(spec.store);
  const idsIndex = idsIndexOf(store);
  const note = (rows: readonly (Row | undefined)[]) => {
    if (!idsIndex) locations?.note(spec.table, rows.filter((r) => r !== undefined) as Locating[]);
  };

  // Every step is a chain of the DBCore's own promises (Dexie's), never a native await: a middleware
  // above that awaits this table's answer must go on inside the transaction's zone (Dexie's PSD), and
  // a native promise in the chain loses it, the transaction committing under the caller's feet.

  const bucketsOf = (trans: DBCoreTransaction, keys: BucketKey[]): Promise<Bucket[]> =>
    keys.length === 0 ? all([]) : store.getMany({ trans, keys }).then((found) => (found as (Bucket | undefined)[]).filter((b): b is Bucket => b !== undefined));

  const bucketsIn = (trans: DBCoreTransaction, range: DBCoreKeyRange): Promise<Bucket[]> =>
    store.query({ trans, values: true, query: { index: store.schema.primaryKey, range } }).then(({ result }) => result as Bucket[]);

  /** Every bucket holding a row that `has`: all of them read, a chunk at a time, until `enough` says stop. */
  function scan(trans: DBCoreTransaction, has: (row: Row) => boolean, enough: () => boolean = () => false): Promise<Bucket[]> {
    const found: Bucket[] = [];
    const step = (after: BucketKey | undefined): Promise<Bucket[]> =>
      store
        .query({
          trans,
          values: true,
          limit: SCAN_CHUNK,
          query: { index: store.schema.primaryKey, range: after ? { type: 2, lower: after, lowerOpen: true, upper: undefined } : anyRange },
        })
        .then(({ result }) => {
          const list = result as Bucket[];
          for (const bucket of list) if (bucket.rows.filter(has).length > 0) found.push(bucket);
          const last = list.at(-1);
          return last === undefined || list.length < SCAN_CHUNK || enough() ? found : step([last.vehicleId, last.month]);
        });
    return step(undefined);
  }

  /** The buckets of the rows located, and a scan for the ids not located (src/db/row-locations.ts). */
  function bucketsLocated(trans: DBCoreTransaction, ids: readonly unknown[]): Promise<Bucket[]> {
    const keys: BucketKey[] = [];
    const vehicles = new Set<string>();
    const unknown = new Set<string>();
    for (const id of ids.map(String)) {
      const at = locations?.find(spec.table, id);
      if (!at) unknown.add(id);
      else if (at[1] === null) vehicles.add(at[0]);
      else keys.push([at[0], at[1]]);
    }
    return all([
      bucketsOf(trans, uniqueKeys(keys)),
      ...[...vehicles].map((v) => bucketsIn(trans, vehicleRange(v))),
      unknown.size === 0
        ? []
        : scan(
            trans,
            (row) => unknown.delete(row.id),
            () => unknown.size === 0,
          ),
    ]).then((lists) => distinct(lists.flat()));
  }

  /** The buckets holding each of `ids`: through the ids index (one request per id, sent together), or located. */
  function bucketsHolding(trans: DBCoreTransaction, ids: readonly unknown[]): Promise<Bucket[]> {
    if (!idsIndex) return bucketsLocated(trans, ids);
    return all(ids.map((id) => store.query({ trans, values: false, limit: 1, query: { index: idsIndex, range: equalRange(id) } }))).then((found) =>
      bucketsOf(trans, uniqueKeys(found.flatMap(({ result }) => result as BucketKey[]))),
    );
  }

  /** The buckets holding rows whose ids fall in `range`. */
  function bucketsInIdRange(trans: DBCoreTransaction, range: DBCoreKeyRange): Promise<Bucket[]> {
    if (!idsIndex) return scan(trans, (row) => inRange(row.id, range));
    return store.query({ trans, values: false, query: { index: idsIndex, range } }).then(({ result }) => bucketsOf(trans, uniqueKeys(result as BucketKey[])));
  }

  /**
   * The rows a query can reach, before its range is applied. By id with a limit, only the buckets of
   * the first `limit` ids in the range (the ids index is in id order): they hold every row the answer can have.
   */
  function candidates(trans: DBCoreTransaction, index: DBCoreIndex, range: DBCoreKeyRange, limit?: number, direction?: string): Promise<Row[]> {
    if (range.type === RANGE_NEVER) return all([]);
    if (index.isPrimaryKey && idsIndex && (range.type !== RANGE_ANY || limit !== undefined))
      return store
        .query({ trans, values: false, limit, direction: direction as 'next' | 'prev' | undefined, query: { index: idsIndex, range } })
        .then(({ result }) => bucketsOf(trans, uniqueKeys(result as BucketKey[])))
        .then((list) => list.flatMap((b) => b.rows));
    const reach = index.isPrimaryKey ? anyRange : bucketRange(index, range);
    return bucketsIn(trans, reach).then((list) => {
      const rows = list.flatMap((b) => b.rows);
      // One vehicle's rows, as its screens read them: located for the reads and writes by id that follow.
      if (reach.type !== RANGE_ANY) note(rows);
      return rows;
    });
  }

  function entries(trans: DBCoreTransaction, index: DBCoreIndex, range: DBCoreKeyRange, direction?: string, limit?: number): Promise<CursorEntry[]> {
    if (index.multiEntry) throw new Error(`${spec.table}: a multi-entry index is not supported on a bucketed table (src/db/month-buckets.ts)`);
    const plain = direction === 'next' || direction === 'prev' || direction === undefined;
    return candidates(trans, index, range, plain ? limit : undefined, direction).then((rows) => {
      const found: CursorEntry[] = [];
      for (const row of rows) {
        const key = index.isPrimaryKey ? row.id : index.extractKey!(row);
        if (validKey(key) && inRange(key, range)) found.push({ key, primaryKey: row.id, value: row });
      }
      return sortEntries(found, direction);
    });
  }

  /** Writes the buckets changed, removing those left empty. */
  function writeBuckets(trans: DBCoreTransaction, buckets: Iterable<OpenBucket>): Promise<unknown> {
    const puts: Bucket[] = [];
    const deletes: BucketKey[] = [];
    for (const { key, rows } of buckets) {
      if (rows.size === 0) deletes.push(key);
      else puts.push({ vehicleId: key[0], month: key[1], ...(idsIndex ? { ids: [...rows.keys()] } : {}), rows: [...rows.values()] });
    }
    return all([
      ...(puts.length > 0 ? [store.mutate({ type: 'put', trans, values: puts })] : []),
      ...(deletes.length > 0 ? [store.mutate({ type: 'delete', trans, keys: deletes })] : []),
    ]);
  }

  /**
   * The buckets still holding rows written again under another bucket (a record the server put under
   * another vehicle than the device did), of the rows not in their own bucket yet: through the ids index
   * (a lookup per row new to its bucket), or where the rows were located.
   */
  function bucketsLeft(trans: DBCoreTransaction, strays: readonly Row[], keys: ReadonlyMap<string, BucketKey>): Promise<Bucket[]> {
    if (strays.length === 0) return all([]);
    const ids = (rows: readonly Row[]) => rows.map((r) => r.id);
    if (idsIndex) return bucketsHolding(trans, ids(strays));
    const elsewhere = strays.filter((row) => {
      const at = locations?.find(spec.table, row.id);
      const key = keys.get(row.id)!;
      return at !== undefined && (at[0] !== key[0] || (at[1] !== null && at[1] !== key[1]));
    });
    return elsewhere.length === 0 ? all([]) : bucketsLocated(trans, ids(elsewhere));
  }

  function put(trans: DBCoreTransaction, values: readonly Row[], add: boolean): Promise<DBCoreMutateResponse> {
    const keys = values.map((row) => bucketKeyOf(row, spec.date));
    const keyOfId = new Map(values.map((row, i) => [row.id, keys[i]!] as const));
    return bucketsOf(trans, uniqueKeys(keys))
      .then((found) => {
        const at = (key: BucketKey, id: string) => `${textKey(key)}\u0000${id}`;
        const has = new Set(found.flatMap((b) => b.rows.map((r) => at([b.vehicleId, b.month], r.id))));
        const strays = values.filter((row, i) => !has.has(at(keys[i]!, row.id)));
        return bucketsLeft(trans, strays, keyOfId).then((left) => ({ found, left }));
      })
      .then(({ found, left }) => {
        const open = new Map(found.map((b) => [textKey([b.vehicleId, b.month]), opened(b)] as const));
        // Each row moved leaves the bucket it was in; an add of a row held elsewhere fails, as a key taken.
        const elsewhere = new Set<string>();
        for (const bucket of left) {
          const k = textKey([bucket.vehicleId, bucket.month]);
          for (const r of bucket.rows) if (keyOfId.has(r.id) && textKey(keyOfId.get(r.id)!) !== k) elsewhere.add(r.id);
          if (add) continue;
          if (!open.has(k)) open.set(k, opened(bucket));
          const rows = open.get(k)!.rows;
          for (const id of [...rows.keys()]) if (elsewhere.has(id) && textKey(keyOfId.get(id)!) !== k) rows.delete(id);
        }
        const failures: Record<number, Error> = {};
        values.forEach((row, i) => {
          const key = keys[i]!;
          let bucket = open.get(textKey(key));
          if (!bucket) open.set(textKey(key), (bucket = { key, rows: new Map() }));
          if (add && (bucket.rows.has(row.id) || elsewhere.has(row.id)))
            failures[i] = Object.assign(new Error(`Key already exists in ${spec.table}: ${row.id}`), { name: 'ConstraintError' });
          else bucket.rows.set(row.id, row);
        });
        note(values);
        const results = values.map((row) => row.id);
        return writeBuckets(trans, open.values()).then(() => ({ numFailures: Object.keys(failures).length, failures, results, lastResult: results.at(-1) }));
      });
  }

  function remove(trans: DBCoreTransaction, buckets: Bucket[], gone: (id: string) => boolean): Promise<DBCoreMutateResponse> {
    const changed = buckets.map(opened);
    for (const bucket of changed) for (const id of [...bucket.rows.keys()]) if (gone(id)) bucket.rows.delete(id);
    return writeBuckets(trans, changed).then(() => ({ numFailures: 0, failures: {}, lastResult: undefined }));
  }

  function getMany(trans: DBCoreTransaction, keys: readonly unknown[]): Promise<(Row | undefined)[]> {
    return bucketsHolding(trans, keys).then((buckets) => {
      const rows = new Map(buckets.flatMap((b) => b.rows.map((r) => [r.id, r] as const)));
      const found = keys.map((k) => rows.get(k as string));
      note(found);
      return found;
    });
  }

  function mutate(req: DBCoreMutateRequest): Promise<DBCoreMutateResponse> {
    switch (req.type) {
      case 'add':
      case 'put':
        return put(req.trans, req.values as Row[], req.type === 'add');
      case 'delete': {
        const ids = new Set(req.keys.map(String));
        return bucketsHolding(req.trans, req.keys).then((buckets) => remove(req.trans, buckets, (id) => ids.has(id)));
      }
      case 'deleteRange':
        if (req.range.type === RANGE_ANY) return store.mutate({ type: 'deleteRange', trans: req.trans, range: anyRange });
        return bucketsInIdRange(req.trans, req.range).then((buckets) => remove(req.trans, buckets, (id) => inRange(id, req.range)));
    }
  }

  return {
    name: spec.table,
    schema: table.schema,
    mutate,
    get: ({ trans, key }) => getMany(trans, [key]).then(([row]) => row),
    getMany: ({ trans, keys }) => getMany(trans, keys),
    query: ({ trans, values, limit, query, direction }) =>
      entries(trans, query.index, query.range, direction, limit).then((found) => {
        const cut = limit !== undefined && limit < found.length ? found.slice(0, limit) : found;
        return { result: cut.map((e) => (values ? e.value : e.primaryKey)) };
      }),
    openCursor: ({ trans, values, unique, reverse, query }) =>
      entries(trans, query.index, query.range, `${reverse ? 'prev' : 'next'}${unique ? 'unique' : ''}`).then((found) => arrayCursor(trans, found, values ?? false)),
    count: ({ trans, query }) => entries(trans, query.index, query.range).then((found) => found.length),
  };
}

/** The stores a transaction over `stores` needs beneath them: each bucketed table's bucket store. */
function withBucketStores(stores: readonly string[], tables: ReadonlyMap<string, BucketedTable>): string[] {
  const more = [...tables.values()].filter((b) => stores.includes(b.table) && !stores.includes(b.store)).map((b) => b.store);
  return more.length === 0 ? [...stores] : [...stores, ...more];
}

/** The middleware that keeps `tables` in their bucket stores (MirrorDb installs it for BUCKETED_TABLES, beneath every other). */
export function bucketsMiddleware(tables: readonly BucketedTable[], locations?: RowLocations): Middleware<DBCore> {
  return {
    stack: 'dbcore',
    name: 'Buckets',
    level: -2,
    create: (down) => {
      // Before the version that made a bucket store (an older mirror's upgrade), its table is still a store of rows.
      const present = new Set(down.schema.tables.map((t) => t.name));
      const kept = new Map(tables.filter((spec) => present.has(spec.store)).map((spec) => [spec.table, spec] as const));
      const made = new Map<string, DBCoreTable>();
      return {
        ...down,
        transaction: (stores, mode, options) => down.transaction(withBucketStores(stores, kept), mode, options),
        table(name) {
          const spec = kept.get(name);
          if (!spec) return down.table(name);
          let table = made.get(name);
          if (!table) made.set(name, (table = bucketTable(down, spec, locations)));
          return table;
        },
      };
    },
  };
}

function requested<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

/**
 * The upgrade that makes the bucket stores: moves the rows an older mirror kept one record each into
 * their buckets, a chunk at a time, and empties the old store. It works on IndexedDB itself, beneath
 * the middleware (which already answers the table from the buckets).
 */
export async function moveIntoBuckets(tx: { idbtrans: IDBTransaction }, tables: readonly BucketedTable[], chunk = 2000): Promise<void> {
  for (const spec of tables) {
    const rows = tx.idbtrans.objectStore(spec.table);
    const buckets = tx.idbtrans.objectStore(spec.store);
    let after: IDBValidKey | undefined;
    for (;;) {
      const range = after === undefined ? undefined : IDBKeyRange.lowerBound(after, true);
      const list = (await requested(rows.getAll(range, chunk))) as Row[];
      if (list.length === 0) break;
      after = list.at(-1)!.id;
      const grouped = new Map<string, { key: BucketKey; rows: Row[] }>();
      for (const row of list) {
        const key = bucketKeyOf(row, spec.date);
        const group = grouped.get(textKey(key)) ?? grouped.set(textKey(key), { key, rows: [] }).get(textKey(key))!;
        group.rows.push(row);
      }
      await Promise.all(
        [...grouped.values()].map(async ({ key, rows: moved }) => {
          const bucket = ((await requested(buckets.get(key))) as Bucket | undefined) ?? { vehicleId: key[0], month: key[1], ids: [], rows: [] };
          const all = [...bucket.rows, ...moved];
          await requested(buckets.put({ ...bucket, ids: all.map((r) => r.id), rows: all }));
        }),
      );
    }
    await requested(rows.clear());
  }
}
