import { and, asc, eq, gt, gte, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import { orgClocks, syncMutations } from '../db/schema/index.ts';
import type { Principal } from '../auth/principal.ts';
import { PULL_PAGE_BYTES, type PullQuery, type PullResponse, type SyncChange } from '../../core/schema/sync.ts';
import { atFeedStart, compareFeed, formatCursor, parseCursor, type FeedPosition } from './cursor.ts';
import { cursorStands } from './cursor-check.ts';
import { badRequest } from '../http/errors.ts';
import { JsonText } from '../http/compressed-json.ts';
import { feedScope, GRANTED_COLUMN, liveScope, type SyncTable } from './sync-table.ts';
import { syncColumnsOf } from './columns.ts';
import { readSnapshot } from './snapshot.ts';
import { selectRows } from '../db/select-rows.ts';
import { columnsWithVerbatim, limitedRead, stringifyWithVerbatim } from './verbatim-json.ts';

interface FeedRow {
  rev: number;
  t: string;
  id: string;
  /** The change as JSON, written once: its length ends pages by bytes, and the page is made of these. */
  json: string;
}

/** Rows of one table strictly after the cursor, in feed order. */
function afterCursor(entry: SyncTable, pos: FeedPosition): SQL | undefined {
  const c = syncColumnsOf(entry.table);
  if (pos.table === null || pos.id === null || entry.name < pos.table) return gt(c.rev, pos.rev);
  if (entry.name > pos.table) return gte(c.rev, pos.rev);
  return or(gt(c.rev, pos.rev), and(eq(c.rev, pos.rev), sql`${c.id} > ${pos.id} collate "C"`));
}

interface TableRead {
  after: FeedPosition;
  limit: number;
  maxRev: number | undefined;
  /** A first pull has nothing to delete: it skips tombstones. */
  liveOnly: boolean;
  /** The pull brings answers later: the table's `laterColumns` are not read. */
  answersLater: boolean;
  principal: Principal;
}

/** Reads a table's rows for a page: all its columns but those that come later, its verbatim JSON columns as text. */
function readRows(tx: Tx, entry: SyncTable, read: TableRead, where: SQL | undefined): Promise<Record<string, unknown>[]> {
  const c = syncColumnsOf(entry.table);
  const order = [asc(c.rev), sql`${c.id} collate "C"`];
  const leave = new Set(read.answersLater ? (entry.laterColumns ?? []) : []);
  const verbatim = (entry.verbatimJson ?? []).filter((name) => !leave.has(name));
  const columns = columnsWithVerbatim(entry.table, verbatim, leave);
  if (entry.grant) columns[GRANTED_COLUMN] = sql<boolean>`(${entry.grant(read.principal)})`;
  if (verbatim.length > 0) return limitedRead(tx, entry.table, columns, where, order, read.limit);
  return (leave.size > 0 || entry.grant ? tx.select(columns) : tx.select())
    .from(entry.table)
    .where(where)
    .orderBy(...order)
    .limit(read.limit);
}

async function readTable(tx: Tx, entry: SyncTable, p: Principal, read: TableRead): Promise<FeedRow[]> {
  const c = syncColumnsOf(entry.table);
  const where = and(
    feedScope(entry, p),
    afterCursor(entry, read.after),
    read.maxRev === undefined ? undefined : lte(c.rev, read.maxRev),
    read.liveOnly ? liveScope(entry, p) : undefined,
  );
  const rows = await readRows(tx, entry, read, where);
  const view = read.answersLater ? { answersLater: true } : {};
  return rows.map(({ [GRANTED_COLUMN]: granted, ...row }) => {
    const id = row.id as string;
    const rev = Number(row.rev);
    const json =
      row.deletedAt || granted === false
        ? JSON.stringify({ t: entry.name, op: 'delete', id, ...(entry.deleteAt ? { at: entry.deleteAt(row) } : {}) } satisfies SyncChange)
        : stringifyWithVerbatim(row, entry.verbatimJson ?? [], (marked) => ({ t: entry.name, op: 'put', id, data: entry.toApi(marked, view) }) satisfies SyncChange);
    return { rev, t: entry.name, id, json };
  });
}

/**
 * The rows of one page as the tables are read: the first rows in feed order up to the limit and up to
 * PULL_PAGE_BYTES of JSON (at least one row), and the first row past them, which tells that more
 * follow and bounds what the tables read after need.
 */
class PageFill {
  private rows: FeedRow[] = [];
  private length = 0;
  private bytes = 0;

  constructor(
    private readonly limit: number,
    private readonly budget: number,
  ) {}

  add(more: readonly FeedRow[]): void {
    if (more.length === 0) return;
    this.rows.push(...more);
    this.rows.sort(compareFeed);
    let n = 0;
    let bytes = 0;
    while (n < this.rows.length && n < this.limit && (n === 0 || bytes + this.rows[n]!.json.length <= this.budget)) bytes += this.rows[n++]!.json.length;
    this.length = n;
    this.bytes = bytes;
    this.rows.length = Math.min(this.rows.length, n + 1);
  }

  /** The first row past the page, once one is known. */
  get past(): FeedRow | undefined {
    return this.rows[this.length];
  }

  /** Bytes the page may still take. */
  get room(): number {
    return Math.max(0, this.budget - this.bytes);
  }

  get page(): FeedRow[] {
    return this.rows.slice(0, this.length);
  }
}

/** Rows of a table read at once while a page fills; later reads of the same table are sized by its rows' bytes. */
const FIRST_READ_ROWS = 500;

/**
 * Reads one table's rows for the page. Rows of a table are alike in size, so after a first read the next
 * ones ask for about as many rows as the page has room for: an inspection carries its answers, and
 * reading 5,000 of them for a page that holds 1,200 cost most of a page's time.
 */
async function fillFromTable(tx: Tx, entry: SyncTable, p: Principal, from: FeedPosition, query: PullQuery, fill: PageFill): Promise<void> {
  const { limit } = query;
  let after = from;
  let want = Math.min(limit + 1, FIRST_READ_ROWS);
  for (;;) {
    const rows = await readTable(tx, entry, p, {
      after,
      limit: want,
      maxRev: fill.past?.rev,
      liveOnly: atFeedStart(from),
      answersLater: query.answers === 'later',
      principal: p,
    });
    fill.add(rows);
    const last = rows.at(-1);
    if (!last || rows.length < want) return;
    const past = fill.past;
    // Rows after the first row past the page are not needed.
    if (past && compareFeed(last, past) >= 0) return;
    after = { rev: last.rev, table: entry.name, id: last.id };
    const average = rows.reduce((n, r) => n + r.json.length, 0) / rows.length;
    want = Math.min(limit + 1, Math.max(50, Math.ceil(fill.room / average) + 1));
  }
}

/**
 * The tables with rows after the cursor, ordered by the revision of their first such row (read from
 * the (org, rev) index alone). Read in that order, a page fills from the tables its rows come from
 * first, and a table whose first row lies past the full page is not read at all: reading every table's
 * first rows whole, most of them then dropped as past the page, made a first pull read 2.6 rows for
 * each row it sent. One statement for all the tables: a query each cost a page 20 ms.
 */
async function tablesInFeedOrder(tx: Tx, tables: readonly SyncTable[], p: Principal, from: FeedPosition): Promise<{ entry: SyncTable; rev: number }[]> {
  const liveOnly = atFeedStart(from);
  const firsts = tables.map((entry, i) => {
    const c = syncColumnsOf(entry.table);
    const where = and(feedScope(entry, p), afterCursor(entry, from), liveOnly ? liveScope(entry, p) : undefined);
    return sql`(select ${i}::int as "table", ${c.rev} as "rev" from ${entry.table} where ${where} order by ${c.rev} limit 1)`;
  });
  const found = await perTable<{ table: number; rev: number | string }>(tx, firsts);
  return found.map((r) => ({ entry: tables[Number(r.table)]!, rev: Number(r.rev) })).sort((a, b) => a.rev - b.rev);
}

/** The rows a pull from the start brings: every live row the caller's feeds hold. */
async function countLive(tx: Tx, tables: readonly SyncTable[], p: Principal): Promise<number> {
  const counts = tables.map((entry) => sql`(select count(*)::int as "n" from ${entry.table} where ${and(feedScope(entry, p), liveScope(entry, p))})`);
  const found = await perTable<{ n: number | string }>(tx, counts);
  return found.reduce((total, r) => total + Number(r.n), 0);
}

/** One statement of a subquery per table, their rows together. */
function perTable<R>(tx: Tx, parts: SQL[]): Promise<R[]> {
  return parts.length === 0 ? Promise.resolve([]) : selectRows<R>(tx, sql.join(parts, sql` union all `));
}

/** A page as JSON text (a PullResponse): its changes are the JSON each row was measured by, not written again. */
function pageText(changes: readonly FeedRow[], rest: Omit<PullResponse, 'changes'>): JsonText {
  return new JsonText(`{"changes":[${changes.map((r) => r.json).join(',')}],${JSON.stringify(rest).slice(1)}`);
}

/**
 * One page of the organization's feed after `cursor` (a PullResponse as JSON text), read in one
 * snapshot (server/sync/snapshot.ts) so that every table is seen at the same moment. Revisions are
 * commit-ordered (server/db/write.ts), so a cursor never passes a row that commits later.
 */
export async function pull(db: Db, tables: readonly SyncTable[], p: Principal, query: PullQuery): Promise<JsonText> {
  const pos = parseCursor(query.cursor);
  if (!pos) throw badRequest('Query cursor: The cursor is not one this server gave out; start again without one');
  return readSnapshot(db, tables, p, async ({ tx }) => {
    const [clock] = await tx.select().from(orgClocks).where(eq(orgClocks.orgId, p.orgId));
    const clockRev = clock?.rev ?? 0;
    if (!cursorStands(pos, clock)) return pageText([], { cursor: '', hasMore: true, reset: true, acks: [] });
    // Keep only the page's rows in feed order and the first row past them; once that row is known,
    // later tables need nothing past its revision, which keeps a bootstrap page cheap.
    const fill = new PageFill(query.limit, PULL_PAGE_BYTES);
    for (const { entry, rev } of await tablesInFeedOrder(tx, tables, p, pos)) {
      // Sorted by their first row: once the page is full, no later table has a row inside it.
      if (fill.past && rev > fill.past.rev) break;
      await fillFromTable(tx, entry, p, pos, query, fill);
    }
    const page = fill.page;
    const hasMore = fill.past !== undefined;
    const last = page.at(-1);
    const next: FeedPosition = hasMore && last ? { rev: last.rev, table: last.t, id: last.id } : { rev: Math.max(clockRev, pos.rev), table: null, id: null };
    const acks = query.clientId ? await ackedMutations(tx, p, query.clientId, pos, next, hasMore) : [];
    const cursor = formatCursor(clock?.epoch ?? '', clock?.horizonRev ?? 0, next);
    const total = atFeedStart(pos) ? await countLive(tx, tables, p) : undefined;
    return pageText(page, { cursor, hasMore, reset: false, acks, ...(total === undefined ? {} : { total }) });
  });
}

/** Mutation ids of this client whose revision the feed has now delivered in full. */
async function ackedMutations(tx: Tx, p: Principal, clientId: string, from: FeedPosition, to: FeedPosition, hasMore: boolean): Promise<string[]> {
  const fromRev = from.table ? from.rev - 1 : from.rev;
  const toRev = hasMore ? to.rev - 1 : to.rev;
  if (toRev <= fromRev) return [];
  const rows = await tx
    .select({ id: syncMutations.mutationId })
    .from(syncMutations)
    .where(and(eq(syncMutations.userId, p.userId), eq(syncMutations.clientId, clientId), gt(syncMutations.rev, fromRev), sql`${syncMutations.rev} <= ${toRev}`));
  return rows.map((r) => r.id);
}
