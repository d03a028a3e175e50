import { and, asc, eq, gt, gte, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import { orgClocks, syncMutations } from '../db/schema/index.ts';
import type { Principal } from '../auth/principal.ts';
import type { PullQuery, PullResponse, SyncChange } from '../../core/schema/sync.ts';
import { compareFeed, formatCursor, parseCursor, type FeedPosition } from './cursor.ts';
import { cursorStands } from './cursor-check.ts';
import { badRequest } from '../http/errors.ts';
import { feedScope, type SyncTable } from './sync-table.ts';
import { syncColumnsOf } from './columns.ts';
import { readSnapshot } from './snapshot.ts';

interface FeedRow {
  rev: number;
  t: string;
  id: string;
  change: SyncChange;
}

/** Rows of one table strictly after the cursor, in feed order. */
function afterCursor(entry: SyncTable, pos: FeedPosition): SQL | undefined {
  const c = syncColumnsOf(entry.table);
  if (pos.table === null || pos.id === null || entry.name < pos.table) return gt(c.rev, pos.rev);
  if (entry.name > pos.table) return gte(c.rev, pos.rev);
  return or(gt(c.rev, pos.rev), and(eq(c.rev, pos.rev), sql`${c.id} > ${pos.id} collate "C"`));
}

async function readTable(tx: Tx, entry: SyncTable, p: Principal, pos: FeedPosition, limit: number, maxRev: number | undefined): Promise<FeedRow[]> {
  const c = syncColumnsOf(entry.table);
  const where = and(
    feedScope(entry, p),
    afterCursor(entry, pos),
    maxRev === undefined ? undefined : lte(c.rev, maxRev),
    // A first pull has nothing to delete: it skips tombstones.
    pos.rev === 0 ? isNull(c.deletedAt) : undefined,
  );
  const rows = (await tx
    .select()
    .from(entry.table)
    .where(where)
    .orderBy(asc(c.rev), sql`${c.id} collate "C"`)
    .limit(limit)) as Record<string, unknown>[];
  return rows.map((row) => {
    const id = row.id as string;
    const rev = Number(row.rev);
    const change: SyncChange = row.deletedAt ? { t: entry.name, op: 'delete', id } : { t: entry.name, op: 'put', id, data: entry.toApi(row) };
    return { rev, t: entry.name, id, change };
  });
}

/** The rows a pull from the start brings: every live row the caller's feeds hold. */
async function countLive(tx: Tx, tables: readonly SyncTable[], p: Principal): Promise<number> {
  let total = 0;
  for (const entry of tables) {
    const [row] = await tx
      .select({ n: sql<number>`count(*)` })
      .from(entry.table)
      .where(and(feedScope(entry, p), isNull(syncColumnsOf(entry.table).deletedAt)));
    total += Number(row?.n ?? 0);
  }
  return total;
}

/**
 * One page of the organization's feed after `cursor`, read in one snapshot (server/sync/snapshot.ts)
 * so that every table is seen at the same moment. Revisions are commit-ordered (server/db/write.ts),
 * so a cursor never passes a row that commits later.
 */
export async function pull(db: Db, tables: readonly SyncTable[], p: Principal, query: PullQuery): Promise<PullResponse> {
  const pos = parseCursor(query.cursor);
  if (!pos) throw badRequest('Query cursor: The cursor is not one this server gave out; start again without one');
  return readSnapshot(db, tables, p, async ({ tx }) => {
    const [clock] = await tx.select().from(orgClocks).where(eq(orgClocks.orgId, p.orgId));
    const clockRev = clock?.rev ?? 0;
    if (!cursorStands(pos, clock)) return { cursor: '', hasMore: true, reset: true, changes: [], acks: [] };
    // Keep only the first limit + 1 rows in feed order; once there are that many, later tables
    // need nothing past the last one's revision, which keeps a bootstrap page cheap.
    let merged: FeedRow[] = [];
    for (const entry of tables) {
      const bound = merged.length > query.limit ? merged[query.limit]!.rev : undefined;
      merged.push(...(await readTable(tx, entry, p, pos, query.limit + 1, bound)));
      merged.sort(compareFeed);
      merged = merged.slice(0, query.limit + 1);
    }
    const hasMore = merged.length > query.limit;
    const page = merged.slice(0, query.limit);
    const last = page.at(-1);
    const next: FeedPosition = hasMore && last ? { rev: last.rev, table: last.t, id: last.id } : { rev: Math.max(clockRev, pos.rev), table: null, id: null };
    const acks = query.clientId ? await ackedMutations(tx, p, query.clientId, pos, next, hasMore) : [];
    const cursor = formatCursor(clock?.epoch ?? '', clock?.horizonRev ?? 0, next);
    const total = pos.rev === 0 && pos.table === null ? await countLive(tx, tables, p) : undefined;
    return { cursor, hasMore, reset: false, changes: page.map((r) => r.change), acks, ...(total === undefined ? {} : { total }) };
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
