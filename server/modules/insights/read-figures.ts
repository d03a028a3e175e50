import { sql } from 'drizzle-orm';
import type { Principal } from '../../auth/principal.ts';
import type { AppContext } from '../../context.ts';
import type { Queryable } from '../../db/client.ts';
import { readSnapshot } from '../../sync/snapshot.ts';
import { keepFailures } from './kept-failures.ts';
import { keepFigures } from './kept-figures.ts';

/**
 * Figures read in one read-only snapshot, with room to group and sort in memory: a year of a large
 * fleet's inspections would otherwise spill its sorts and hashes to disk (PostgreSQL's default
 * work_mem is 4 MB). Without JIT compilation: PostgreSQL compiles a plan it guesses costly (the usage's
 * lookups per vehicle are guessed at millions), and at 5,000 vehicles the compiling took 1.9 s of a
 * 2.0 s answer whose execution took 0.1 s. `set local` lasts for this transaction only. The kept failures and figures are
 * brought up to date first (kept-failures.ts, kept-figures.ts), each in a transaction of its own.
 */
export async function readFigures<T>(ctx: Pick<AppContext, 'db' | 'syncTables'>, principal: Principal, figures: (db: Queryable) => Promise<T>): Promise<T> {
  await keepFailures(ctx.db, principal.orgId);
  await keepFigures(ctx.db, principal.orgId);
  return readSnapshot(ctx.db, ctx.syncTables, principal, async (s) => {
    await s.tx.execute(sql`set local work_mem = '64MB'`);
    await s.tx.execute(sql`set local jit = off`);
    return figures(s.tx);
  });
}
