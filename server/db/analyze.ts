import { sql } from 'drizzle-orm';
import type { Db } from './client.ts';

/**
 * Refreshes the query planner's statistics. PostgreSQL's autovacuum does this by itself; PGlite, the
 * embedded database, has no background worker, so without it the planner believes every table is
 * nearly empty and picks plans that read whole histories (Fleet Details' latest inspections: 6 s
 * instead of 0.5 s at 5,000 vehicles). Run after a seed and, on PGlite, at every start.
 */
export async function analyze(db: Db): Promise<void> {
  await db.execute(sql`analyze`);
}
