import type { PgTable } from 'drizzle-orm/pg-core';
import { and, eq, isNull, type SQL } from 'drizzle-orm';
import { syncColumnsOf } from './columns.ts';
import type { Principal } from '../auth/principal.ts';

/** A table in the sync feed: its feed name, its Drizzle table and its REST shape. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export interface SyncTable<R = any> {
  name: string;
  table: PgTable;
  /**
   * The row in the feed's shape. A feed that keeps part of a row out of the mirror (an old inspection's
   * answers) leaves it out unless `view.wholeHistory` asks for it, as mirrorScope does for whole rows.
   */
  toApi(row: R, view?: FeedView): Record<string, unknown>;
  /** Narrows what a caller may see beyond the organization (e.g. only their own settings). */
  visibleTo?: (p: Principal, table: PgTable) => SQL | undefined;
  /**
   * The rows a caller is granted of a feed whose rows move in and out of the grant (an inspector's
   * open discrepancies of the section's vehicles): a first pull brings those, and later pulls send
   * a row that left it (closed, moved to another section) as a delete, which `visibleTo` cannot.
   */
  grant?: (p: Principal) => SQL;
  /**
   * Narrows what devices keep of a long history (docs: "Mirror scope"), e.g. inspection results of
   * recent months only. The pull applies it; a server read of older months (the AF1800) need not.
   */
  mirrorScope?: () => SQL;
  /**
   * Columns a pull with `answers=later` does not read (an inspection's answers): `toApi` then gets the
   * row without them and `view.answersLater`, and GET /data/v1/sync/answers brings them after.
   */
  laterColumns?: readonly string[];
  /**
   * jsonb columns `toApi` passes on unchanged (an inspection's answers): the pull reads them as JSON
   * text and puts that text into the row's JSON (server/sync/verbatim-json.ts).
   */
  verbatimJson?: readonly string[];
  /**
   * What a delete of a row says of where the row lived (`at`, fields of its REST shape): a device keeps
   * inspections without an index on their ids and finds one to delete among its vehicle's month
   * (src/db/row-locations.ts), not among every vehicle's.
   */
  deleteAt?: (row: R) => Record<string, string>;
}

/** How a feed's row is shown: past the mirror scope (`wholeHistory`), or without what comes later. */
export interface FeedView {
  wholeHistory?: boolean;
  answersLater?: boolean;
}

/** The feed of a resource declared with a contract: its name comes from the contract, its rows from `toApi`. */
export function resourceFeed<R>(
  contract: { feed: string },
  table: PgTable,
  toApi: (row: R) => Record<string, unknown>,
  visibleTo?: SyncTable['visibleTo'],
): SyncTable<R> {
  return { name: contract.feed, table, toApi, ...(visibleTo ? { visibleTo } : {}) };
}

/** The rows a first pull brings and counts: live, and granted where the feed grants some only. */
export function liveScope(entry: SyncTable, p: Principal): SQL | undefined {
  return and(isNull(syncColumnsOf(entry.table).deletedAt), entry.grant?.(p));
}

/** The column a feed with a grant reads beside each row: whether the caller is granted it. */
export const GRANTED_COLUMN = '__granted';

/**
 * What a caller gets of a feed: the organization's rows, narrowed by the feed's visibility rule and,
 * unless the whole history is asked for, its mirror scope. The pull and the snapshot reader both use it.
 */
export function feedScope(entry: SyncTable, p: Principal, options: { wholeHistory?: boolean } = {}): SQL | undefined {
  return and(eq(syncColumnsOf(entry.table).orgId, p.orgId), entry.visibleTo?.(p, entry.table), options.wholeHistory ? undefined : entry.mirrorScope?.());
}
