import type { MirrorDb, ShadowEntry } from '../db/mirror.ts';
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

/**
 * The shadows of `keys` (undefined where none is kept), for a pulled page. The store holds only the rows
 * with changes queued, so its keys are read once and only the shadows that exist are fetched: a get per
 * pulled row cost a first sync as many IndexedDB requests as writing the rows.
 */
export async function shadowsOf(db: MirrorDb, keys: readonly string[]): Promise<(ShadowEntry | undefined)[]> {
  const held = new Set(await db.shadows.toCollection().primaryKeys());
  const wanted = keys.filter((key) => held.has(key));
  if (wanted.length === 0) return keys.map(() => undefined);
  const found = new Map((await db.shadows.bulkGet(wanted)).flatMap((s) => (s ? [[s.key, s] as const] : [])));
  return keys.map((key) => found.get(key));
}
