import type { DBCore, DBCoreMutateRequest, DBCoreTable, DBCoreTransaction, Middleware, Transaction } from 'dexie';
import type { FeedRow } from '../../core/schema/feeds.ts';
import { derivedSkipped } from './without-derived.ts';

/*
 * The records not completed (scheduled maintenance, LTIs, PMIs, washes, TDYs), kept apart in
 * `openRecords` so that the Overview reads the few hundred things still to do instead of every record of
 * the year (at 5,000 vehicles: 20,000 open of 215,000). One DBCore middleware keeps them, as
 * src/db/fleet-summaries.ts keeps the summaries: every write to a source feed (a pulled page, an
 * optimistic change, a rebase, a rollback) puts a record that is not completed and removes one that is
 * completed or deleted, in the same transaction, so the store never disagrees with its feeds. A first
 * sync's pages are written past it and the store made whole at the sync's end (src/db/without-derived.ts).
 */

export const OPEN_RECORDS = 'openRecords';
/** The store's declaration: one entry under `{feed}:{id}`. */
export const OPEN_RECORDS_STORE = 'key';

export const OPEN_RECORD_SOURCES = ['scheduledMx', 'ltis', 'pmis', 'washes', 'tdys'] as const;
export type OpenRecordSource = (typeof OPEN_RECORD_SOURCES)[number];

export interface OpenRecord<S extends OpenRecordSource = OpenRecordSource> {
  key: string;
  feed: S;
  row: FeedRow<S> & { id: string };
}

const SOURCE_SET = new Set<string>(OPEN_RECORD_SOURCES);
export const isOpenRecordSource = (table: string): table is OpenRecordSource => SOURCE_SET.has(table);
export const openRecordKey = (feed: string, id: string) => `${feed}:${id}`;

type Row = { id: string; completed: boolean };

/** The rule: a record is open until it is completed. */
export const isOpen = (row: { completed: unknown }): boolean => !row.completed;

/** A record's entry in the store. */
export const openRecord = <S extends OpenRecordSource>(feed: S, row: Row): OpenRecord<S> => ({
  key: openRecordKey(feed, row.id),
  feed,
  row: row as unknown as OpenRecord<S>['row'],
});

function inScope(trans: DBCoreTransaction): boolean {
  const names = (trans as unknown as IDBTransaction).objectStoreNames;
  return names === undefined || names.contains(OPEN_RECORDS);
}

/** Every open record of a feed: the keys `{feed}:...` (':' sorts before every character of an id after it). */
function removeFeed(store: DBCoreTable, trans: DBCoreTransaction, feed: string) {
  return store.mutate({
    type: 'deleteRange',
    trans,
    range: { type: 2 /* Range */, lower: `${feed}:`, upper: `${feed}:\uffff`, lowerOpen: false, upperOpen: false },
  });
}

async function mutateSource(down: DBCore, table: DBCoreTable, feed: OpenRecordSource, req: DBCoreMutateRequest) {
  if (!inScope(req.trans)) throw new Error(`A write to ${feed} must have ${OPEN_RECORDS} in its transaction (src/db/open-records.ts)`);
  if (derivedSkipped(req.trans)) return table.mutate(req);
  const store = down.table(OPEN_RECORDS);
  if (req.type === 'deleteRange') {
    // Both asked at once, before any await: Dexie's hooks read the transaction from a zone that a native await leaves.
    const [result] = await Promise.all([table.mutate(req), removeFeed(store, req.trans, feed)]);
    return result;
  }
  const result = await table.mutate(req);
  if (req.type === 'delete') {
    if (req.keys.length > 0) await store.mutate({ type: 'delete', trans: req.trans, keys: req.keys.map((id) => openRecordKey(feed, String(id))) });
  } else {
    const failed = new Set(Object.keys(result.failures).map(Number));
    const written = (req.values as Row[]).filter((_, i) => !failed.has(i));
    const open = written.filter(isOpen).map((row) => openRecord(feed, row));
    const done = written.filter((r) => !isOpen(r)).map((r) => openRecordKey(feed, r.id));
    if (open.length > 0) await store.mutate({ type: 'put', trans: req.trans, values: open });
    if (done.length > 0) await store.mutate({ type: 'delete', trans: req.trans, keys: done });
  }
  return result;
}

/** The middleware that keeps `openRecords` (installed by MirrorDb). */
export const openRecordsMiddleware: Middleware<DBCore> = {
  stack: 'dbcore',
  name: 'OpenRecords',
  create: (down) => ({
    ...down,
    table(name) {
      const table = down.table(name);
      if (!isOpenRecordSource(name)) return table;
      return { ...table, mutate: (req) => mutateSource(down, table, name, req) };
    },
  }),
};

/** Tables a transaction that writes `tables` must also hold: the open records, when any of them is a source. */
export function openRecordScope(tables: readonly string[]): string[] {
  return tables.some(isOpenRecordSource) ? [OPEN_RECORDS] : [];
}

/** The open records of a mirror made from its feeds: the upgrade that brings the store. */
export async function collectOpenRecords(tx: Transaction): Promise<void> {
  for (const feed of OPEN_RECORD_SOURCES) {
    const rows = (await tx.table(feed).toArray()) as Row[];
    await tx.table(OPEN_RECORDS).bulkPut(rows.filter(isOpen).map((row) => openRecord(feed, row)));
  }
}

/** Every open record, by feed. */
export async function readOpenRecords(db: { table(name: string): { toArray(): Promise<unknown[]> } }): Promise<{ [S in OpenRecordSource]: FeedRow<S>[] }> {
  const all = (await db.table(OPEN_RECORDS).toArray()) as OpenRecord[];
  const by = Object.fromEntries(OPEN_RECORD_SOURCES.map((feed) => [feed, [] as unknown[]])) as Record<OpenRecordSource, unknown[]>;
  for (const r of all) by[r.feed].push(r.row);
  return by as { [S in OpenRecordSource]: FeedRow<S>[] };
}
