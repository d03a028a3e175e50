import { and, isNull, type SQL } from 'drizzle-orm';
import type { FeedName, FeedRow } from '../../core/schema/feeds.ts';
import type { Principal } from '../auth/principal.ts';
import type { Db, Tx } from '../db/client.ts';
import { syncColumnsOf } from './columns.ts';
import { feedScope, type SyncTable } from './sync-table.ts';

/** Reads of the organization's feeds, all seen at one moment. */
export interface Snapshot {
  /** The transaction, for reads that are not "live rows of a feed" (the pull's cursor pages). */
  tx: Tx;
  /**
   * The organization's live rows of one feed, in the feed's shape, as the device's mirror holds them
   * (the feed's visibility rule and mirror scope applied), narrowed by `where` if given; with
   * `wholeHistory`, past the mirror scope (an AF1800 of an older month).
   */
  live<N extends FeedName>(name: N, where?: SQL, options?: { wholeHistory?: boolean }): Promise<FeedRow<N>[]>;
  /** Several feeds' live rows at once, by name. */
  liveFeeds<N extends FeedName>(names: readonly N[]): Promise<{ [K in N]: FeedRow<K>[] }>;
}

/**
 * The one reader of "the organization's rows in one snapshot": a read-only repeatable-read
 * transaction, so every table is seen at the same moment. The sync pull, Fleet Details' bulk answer
 * and the AF1800 forms read through it, as the overview, insights and reports will.
 */
export function readSnapshot<T>(db: Db, tables: readonly SyncTable[], p: Principal, read: (snapshot: Snapshot) => Promise<T>): Promise<T> {
  const feed = (name: string) => {
    const entry = tables.find((t) => t.name === name);
    if (!entry) throw new Error(`the sync feed has no table ${name}`);
    return entry;
  };
  return db.transaction(
    (tx) => {
      const live = async <N extends FeedName>(name: N, where?: SQL, options: { wholeHistory?: boolean } = {}): Promise<FeedRow<N>[]> => {
        const entry = feed(name);
        const c = syncColumnsOf(entry.table);
        const rows = await tx
          .select()
          .from(entry.table)
          .where(and(feedScope(entry, p, options), isNull(c.deletedAt), where));
        return rows.map((row) => entry.toApi(row, options) as FeedRow<N>);
      };
      const liveFeeds = async <N extends FeedName>(names: readonly N[]) => {
        const out: Partial<Record<N, unknown[]>> = {};
        for (const name of names) out[name] = await live(name);
        return out as { [K in N]: FeedRow<K>[] };
      };
      return read({ tx, live, liveFeeds });
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}
