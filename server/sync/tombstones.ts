import { and, isNotNull, lt, max, sql } from 'drizzle-orm';
import type { AppContext } from '../context.ts';
import { orgClocks } from '../db/schema/index.ts';
import { syncColumnsOf } from './columns.ts';

const PURGE_EVERY_MS = 6 * 60 * 60 * 1000;

/**
 * Deletes tombstones older than the horizon and raises each organization's horizon revision to the
 * newest purged one, so that a client whose cursor is older gets `reset` instead of missing a delete.
 */
export async function purgeTombstones(ctx: Pick<AppContext, 'db' | 'syncTables'>, olderThan: Date): Promise<number> {
  let purged = 0;
  for (const entry of ctx.syncTables) {
    const c = syncColumnsOf(entry.table);
    await ctx.db.transaction(async (tx) => {
      const expired = and(isNotNull(c.deletedAt), lt(c.deletedAt, olderThan));
      const horizons = await tx
        .select({ orgId: c.orgId, rev: max(c.rev) })
        .from(entry.table)
        .where(expired)
        .groupBy(c.orgId);
      for (const h of horizons) {
        await tx
          .update(orgClocks)
          .set({ horizonRev: sql`greatest(${orgClocks.horizonRev}, ${Number(h.rev)})` })
          .where(sql`${orgClocks.orgId} = ${h.orgId as string}`);
      }
      const deleted = await tx.delete(entry.table).where(expired).returning({ id: c.id });
      purged += deleted.length;
    });
  }
  return purged;
}

export function startTombstonePurge(ctx: AppContext): () => void {
  const run = () => {
    const horizon = new Date(Date.now() - ctx.config.tombstoneDays * 24 * 60 * 60 * 1000);
    purgeTombstones(ctx, horizon).catch((err) => console.error('tombstone purge failed', err));
  };
  run();
  const timer = setInterval(run, PURGE_EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
