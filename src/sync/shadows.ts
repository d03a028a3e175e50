import type { MirrorDb } from '../db/mirror.ts';
import { parseRowKey } from '../db/row-key.ts';

/**
 * Keeps the server copy of each row about to be changed by a mutation, unless one is kept already
 * (then the visible row is that copy plus earlier pending changes, and the first copy is the base).
 * Runs inside the mutation's transaction.
 */
export async function takeShadows(db: MirrorDb, keys: readonly string[]): Promise<void> {
  const existing = await db.shadows.bulkGet([...keys]);
  for (const [i, key] of keys.entries()) {
    if (existing[i]) continue;
    const { table, id } = parseRowKey(key);
    const row = (await db.table(table).get(id)) as Record<string, unknown> | undefined;
    await db.shadows.put({ key, table, id, row: row ?? null });
  }
}
