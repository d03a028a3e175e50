import type { SQL } from 'drizzle-orm';
import type { Queryable } from './client.ts';

/** The rows of a raw query, read alike from PGlite and node-postgres (both answer `{ rows }`). */
export async function selectRows<T>(db: Queryable, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
