import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { OfflineError } from '../../sync/errors.ts';
import { resetMirror } from '../../sync/pull-write.ts';
import { freshDb } from '../../sync/testing/fixtures.ts';
import { fetchAndKeepAnswer, KEPT_PER_CALL, keptAnswerOf } from './keep.ts';

const schema = z.object({ total: z.number() });
const answering =
  (total: number) =>
  async <T>(_: string, s: z.ZodType<T>) =>
    s.parse({ total });
const offline = async () => {
  throw new OfflineError();
};
const at = (minute: number) => new Date(Date.UTC(2026, 10, 25, 8, minute));

describe('answers kept for reading offline', () => {
  it('keeps what the server answered, and finds it by its query, else the newest of its call', async () => {
    const db = await freshDb();
    await fetchAndKeepAnswer(db, answering(3), '/insights/inspect?start=2026-01-01&end=2026-02-01', schema, at(1));
    await fetchAndKeepAnswer(db, answering(5), '/insights/inspect?start=2026-03-01&end=2026-04-01', schema, at(2));
    expect(await keptAnswerOf(db, '/insights/inspect?start=2026-01-01&end=2026-02-01', schema)).toEqual({
      answer: { total: 3 },
      fetchedAt: at(1).toISOString(),
      key: '/insights/inspect?start=2026-01-01&end=2026-02-01',
      exact: true,
    });
    // Dates never asked on this device: the newest answer of the call, saying it is of other dates.
    expect(await keptAnswerOf(db, '/insights/inspect?start=2025-01-01&end=2025-02-01', schema)).toMatchObject({ answer: { total: 5 }, exact: false });
    expect(await keptAnswerOf(db, '/insights/usage/excess?start=2025-01-01&end=2025-02-01', schema)).toBeNull();
  });

  it('keeps nothing when the server cannot be reached, and passes over an answer of another shape', async () => {
    const db = await freshDb();
    await expect(fetchAndKeepAnswer(db, offline, '/insights/inspect?start=2026-01-01&end=2026-02-01', schema)).rejects.toBeInstanceOf(OfflineError);
    expect(await db.keptAnswers.count()).toBe(0);
    await db.keptAnswers.put({ key: '/insights/inspect?a', call: '/insights/inspect', answer: { old: true }, fetchedAt: at(0).toISOString() });
    expect(await keptAnswerOf(db, '/insights/inspect?a', schema)).toBeNull();
  });

  it(`keeps the newest ${KEPT_PER_CALL} answers of a call, and a reset forgets them`, async () => {
    const db = await freshDb();
    for (let i = 0; i < KEPT_PER_CALL + 3; i++)
      await fetchAndKeepAnswer(db, answering(i), `/insights/inspect?start=2026-01-${String(i + 1).padStart(2, '0')}`, schema, at(i));
    await fetchAndKeepAnswer(db, answering(1), '/insights/usage/excess?start=2026-01-01', schema, at(40));
    const kept = (await db.keptAnswers.toArray()).filter((k) => k.call === '/insights/inspect').length;
    expect(kept).toBe(KEPT_PER_CALL);
    expect(await db.keptAnswers.get('/insights/inspect?start=2026-01-01')).toBeUndefined();
    expect(await db.keptAnswers.get('/insights/usage/excess?start=2026-01-01')).toBeDefined();
    await resetMirror(db);
    expect(await db.keptAnswers.count()).toBe(0);
  });
});
