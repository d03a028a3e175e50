import { eq, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db, Queryable, Tx } from '../../db/client.ts';
import { insightFigureClocks, inspectionFailureClocks, orgClocks } from '../../db/schema/index.ts';
import { selectRows } from '../../db/select-rows.ts';

/*
 * Tables the server keeps from the inspections lazily, by revision, as the fleet summaries are: before
 * the figures are read, what was written since the table's clock is folded in; when tombstones were
 * purged past the clock (their deletes are gone) or there is no clock, the table is made again.
 */

/** A kept table's clock: the organization revision up to which it holds every write. */
export type KeptClock = typeof inspectionFailureClocks | typeof insightFigureClocks;

export interface Keeper {
  clock: KeptClock;
  /**
   * The kept tables, analyzed after a rebuild: the planner needs their statistics to step through
   * their indexes per vehicle or inspection when folding (without them, folding a day of a 5,000-vehicle
   * fleet took 32 s instead of a fraction of one), and PGlite has no autovacuum to gather them.
   */
  tables: readonly PgTable[];
  /** Makes the organization's rows from scratch, from every row written up to `rev`. */
  rebuild(tx: Tx, rev: number): Promise<void>;
  /** Folds in the rows written after `since` up to `rev`. */
  fold(tx: Tx, since: number, rev: number): Promise<void>;
}

/**
 * Brings a kept table up to the organization's revision. One fold at a time per organization (the
 * clock's row is locked); a fold that finds the work done by another returns.
 */
export async function keepByRevision(db: Db, orgId: string, keeper: Keeper): Promise<void> {
  const { clock } = keeper;
  const behind = async (q: Queryable) => {
    const [org] = await q.select({ rev: orgClocks.rev, horizon: orgClocks.horizonRev }).from(orgClocks).where(eq(orgClocks.orgId, orgId));
    const [kept] = await q.select({ rev: clock.rev }).from(clock).where(eq(clock.orgId, orgId));
    const rev = org?.rev ?? 0;
    const since = kept?.rev ?? null;
    const rebuild = since === null || since < (org?.horizon ?? 0);
    return { rev, since, rebuild, current: !rebuild && since >= rev };
  };
  if ((await behind(db)).current) return;
  await db.transaction(async (tx) => {
    await tx.execute(sql`set local jit = off`); // as for the reads (read-figures.ts)
    await tx.insert(clock).values({ orgId, rev: -1 }).onConflictDoNothing();
    await tx.select().from(clock).where(eq(clock.orgId, orgId)).for('update');
    const { rev, since, rebuild, current } = await behind(tx);
    if (current) return;
    if (rebuild || since === null) {
      await keeper.rebuild(tx, rev);
      for (const table of keeper.tables) await tx.execute(sql`analyze ${table}`);
    } else await keeper.fold(tx, since, rev);
    await tx.update(clock).set({ rev }).where(eq(clock.orgId, orgId));
  });
}

/**
 * The revision a kept table holds every write up to, when its rows can be read at the caller's
 * snapshot: null when there is no clock yet or tombstones were purged past it.
 */
export async function keptSince(db: Queryable, orgId: string, clock: KeptClock): Promise<number | null> {
  const [mark] = await selectRows<{ since: number }>(
    db,
    sql`
      select c.rev::float8 as since from ${clock} c join ${orgClocks} o on o.org_id = c.org_id
      where c.org_id = ${orgId} and c.rev >= 0 and c.rev >= o.horizon_rev`,
  );
  return mark?.since ?? null;
}
