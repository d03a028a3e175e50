import type { ZodType } from 'zod';
import type { KeptAnswer, MirrorDb } from '../../db/mirror.ts';
import type { SyncEngine } from '../../sync/engine.ts';

type Read = SyncEngine['read'];

/** How many answers of one call the mirror keeps, newest first (each range asked is one). */
export const KEPT_PER_CALL = 12;

/** The path a kept answer was asked at, without its query. */
export function callOf(key: string): string {
  const at = key.indexOf('?');
  return at < 0 ? key : key.slice(0, at);
}

/** A kept answer as a screen reads it: `exact` when it answers the very query asked. */
export interface KeptRead<T> {
  answer: T;
  fetchedAt: string;
  key: string;
  exact: boolean;
}

/**
 * Asks the server (`key` is the path with its query), checks the answer against `schema` and keeps it,
 * dropping the oldest answers of the call beyond KEPT_PER_CALL. Throws OfflineError without a network
 * and ApiError with the server's word; nothing is kept then.
 */
export async function fetchAndKeepAnswer<T>(db: MirrorDb, read: Read, key: string, schema: ZodType<T>, now = new Date()): Promise<KeptRead<T>> {
  const answer = await read(key, schema);
  const call = callOf(key);
  const kept: KeptAnswer = { key, call, answer, fetchedAt: now.toISOString() };
  await db.transaction('rw', db.keptAnswers, async () => {
    await db.keptAnswers.put(kept);
    const older = await db.keptAnswers.where('[call+fetchedAt]').between([call, ''], [call, '\uffff']).reverse().offset(KEPT_PER_CALL).primaryKeys();
    await db.keptAnswers.bulkDelete(older);
  });
  return { answer, fetchedAt: kept.fetchedAt, key, exact: true };
}

/**
 * The kept answer of `key`, else the newest answer of the same call (another range), checked against
 * `schema` (an answer an older app kept in another shape is passed over). Null when none.
 */
export async function keptAnswerOf<T>(db: MirrorDb, key: string, schema: ZodType<T>): Promise<KeptRead<T> | null> {
  const call = callOf(key);
  const exact = await db.keptAnswers.get(key);
  const candidates = exact ? [exact] : [];
  const newest = await db.keptAnswers.where('[call+fetchedAt]').between([call, ''], [call, '\uffff']).reverse().first();
  if (newest && newest.key !== key) candidates.push(newest);
  for (const kept of candidates) {
    const parsed = schema.safeParse(kept.answer);
    if (parsed.success) return { answer: parsed.data, fetchedAt: kept.fetchedAt, key: kept.key, exact: kept.key === key };
  }
  return null;
}
