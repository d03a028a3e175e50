import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { inspectionResultRow, inspectionRow } from '../../core/testing/feed-rows.ts';
import { answersPath } from '../../core/schema/sync-answers.ts';
import type { ApiClient } from './api.ts';
import { OfflineError } from './errors.ts';
import { fillAnswers } from './fill-answers.ts';
import { pullOnce } from './pull.ts';
import { resetMirror } from './pull-write.ts';
import { FakeSyncServer } from './testing/fake-server.ts';
import { freshDb } from './testing/fixtures.ts';

const answer = (ruleId: string, isPassing = true) => inspectionResultRow({ resultId: `${ruleId}-r`, ruleId, result: { isPassing, value: isPassing } });

function inspection(id: string, results: ReturnType<typeof answer>[] | null, lastModificationDate = '2026-11-20T10:00:00.000Z') {
  return { t: 'inspections', id, data: inspectionRow({ inspectionId: id, lastModificationDate, results }) };
}

/** Three inspections with answers (the mirror's months) and one without (older: fetched on demand). */
function fleetServer(): FakeSyncServer {
  const server = new FakeSyncServer();
  server.write([
    inspection('i1', [answer('AF1800-1')]),
    inspection('i2', [answer('AF1800-2', false)]),
    inspection('i3', [answer('AF1800-3')]),
    inspection('i0', null),
  ]);
  return server;
}

/** The server's API with the answers route cut off, as a link that drops after the records came. */
function withoutAnswers(server: FakeSyncServer): ApiClient {
  const api = server.api();
  return {
    request: (method, path, body) => (path.startsWith(answersPath) ? Promise.reject(new OfflineError()) : api.request(method, path, body)),
  };
}

async function resultsOf(db: ReturnType<typeof freshDb>) {
  const rows = await db.feed('inspections').toArray();
  return Object.fromEntries(rows.map((r) => [r.inspectionId, r.results?.map((a) => a.ruleId) ?? null]));
}

describe('the answers a first sync leaves for later', () => {
  it('come after the records: the first sync asks for inspections without them, then fills them in and is done', async () => {
    const server = fleetServer();
    const db = freshDb();

    const result = await pullOnce({ db, api: server.api(), clientId: 'client1' });

    expect(server.requests[0]).toContain('answers=later');
    expect(server.requests.filter((r) => r.startsWith(`GET ${answersPath}`))).toHaveLength(1);
    expect(result.answersPending).toBe(false);
    expect(await resultsOf(db)).toEqual({ i0: null, i1: ['AF1800-1'], i2: ['AF1800-2'], i3: ['AF1800-3'] });
    expect(await db.meta.get('answersPending')).toBeUndefined();

    // Once the mirror is filled, a pull brings inspections whole.
    server.write([inspection('i4', [answer('AF1800-4')])]);
    await pullOnce({ db, api: server.api(), clientId: 'client1' });
    expect(server.requests.at(-1)).not.toContain('answers=later');
    expect((await resultsOf(db)).i4).toEqual(['AF1800-4']);
  });

  it('are fetched page by page within a budget, and a fill cut short goes on from the page it stopped at', async () => {
    const server = fleetServer();
    const db = freshDb();

    // The link drops after the records: the screens have the fleet, the answers are still owed.
    await expect(pullOnce({ db, api: withoutAnswers(server), clientId: 'client1' })).rejects.toThrow(OfflineError);
    expect((await db.meta.get('bootstrapped'))?.value).toBe(true);
    expect(await resultsOf(db)).toEqual({ i0: null, i1: null, i2: null, i3: null });
    expect((await db.meta.get('answersPending'))?.value).toEqual({ after: '', done: 0, total: null });

    // A budget spent after one page: it says more remain, and how far it has got.
    expect(await fillAnswers({ db, api: server.api(), limit: 1, budgetMs: 0 })).toBe(true);
    expect((await db.meta.get('answersPending'))?.value).toEqual({ after: 'i1', done: 1, total: 3 });
    expect(await resultsOf(db)).toEqual({ i0: null, i1: ['AF1800-1'], i2: null, i3: null });

    expect(await fillAnswers({ db, api: server.api(), limit: 1 })).toBe(false);
    expect(server.requests.filter((r) => r.startsWith(`GET ${answersPath}`)).map((r) => new URL(r.slice(4), 'http://x').searchParams.get('after'))).toEqual([
      '',
      'i1',
      'i2',
    ]);
    expect(await resultsOf(db)).toEqual({ i0: null, i1: ['AF1800-1'], i2: ['AF1800-2'], i3: ['AF1800-3'] });
    expect(await db.meta.get('answersPending')).toBeUndefined();
  });

  it('count again from a first page the server starts over with, for a cursor it no longer knows', async () => {
    const server = fleetServer();
    const db = freshDb();
    await expect(pullOnce({ db, api: withoutAnswers(server), clientId: 'client1' })).rejects.toThrow(OfflineError);
    // A fill two pages in, under a cursor of the pages' older order.
    await db.meta.put({ key: 'answersPending', value: { after: 'i2', done: 2, total: 3 } });
    const api = server.api();
    const restarting: ApiClient = {
      request: (method, path, body) => (path.startsWith(answersPath) ? api.request(method, path.replace(/after=i2\b/, 'after=')) : api.request(method, path, body)),
    };

    expect(await fillAnswers({ db, api: restarting, limit: 1, budgetMs: 0 })).toBe(true);

    expect((await db.meta.get('answersPending'))?.value).toEqual({ after: 'i1', done: 1, total: 3 });
  });

  it('never go over a newer version of an inspection, nor over answers the device has', async () => {
    const server = fleetServer();
    const db = freshDb();
    await expect(pullOnce({ db, api: withoutAnswers(server), clientId: 'client1' })).rejects.toThrow(OfflineError);
    // i1 is amended on the server and the device pulls it; i2 is amended and the device has not pulled it yet.
    server.write([inspection('i1', [answer('AF1800-1'), answer('AF1800-9', false)], '2026-11-21T08:00:00.000Z')]);
    await pullOnce({ db, api: withoutAnswers(server), clientId: 'client1' }).catch(() => undefined);
    expect((await resultsOf(db)).i1).toEqual(['AF1800-1', 'AF1800-9']);
    server.write([inspection('i2', [answer('AF1800-2', false), answer('AF1800-7', false)], '2026-11-21T09:00:00.000Z')]);
    // The answers pages now hold i1's and i2's new versions: i1 has its answers, i2's row is an older version.
    const answers = server.api();

    expect(await fillAnswers({ db, api: answers })).toBe(false);

    const rows = await resultsOf(db);
    expect(rows.i1).toEqual(['AF1800-1', 'AF1800-9']);
    expect(rows.i2).toBeNull();
    expect(rows.i3).toEqual(['AF1800-3']);
    // The newer version comes by the feed, whole.
    await pullOnce({ db, api: server.api(), clientId: 'client1' });
    expect((await resultsOf(db)).i2).toEqual(['AF1800-2', 'AF1800-7']);
  });

  it("skip an inspection's answers this build cannot read, and fill the others: one unreadable answer never stops the fill", async () => {
    const server = fleetServer();
    // A result of a type this build does not know (a newer server), between readable ones.
    const unreadable = { ...answer('AF1800-5'), type: 'a type from a newer server' } as unknown as ReturnType<typeof answer>;
    server.write([inspection('i2', [unreadable], '2026-11-21T08:00:00.000Z')]);
    const db = freshDb();

    const result = await pullOnce({ db, api: server.api(), clientId: 'client1' });

    expect(result.answersPending).toBe(false);
    expect(await db.meta.get('answersPending')).toBeUndefined();
    // i2 keeps no answers (its detail fetches them when opened); the others have theirs.
    expect(await resultsOf(db)).toEqual({ i0: null, i1: ['AF1800-1'], i2: null, i3: ['AF1800-3'] });
  });

  it('are owed again from the start after a reset, which pulls the records again first', async () => {
    const server = fleetServer();
    const db = freshDb();
    await expect(pullOnce({ db, api: withoutAnswers(server), clientId: 'client1' })).rejects.toThrow(OfflineError);
    expect(await fillAnswers({ db, api: server.api(), limit: 1, budgetMs: 0 })).toBe(true);

    await resetMirror(db);
    expect(await db.meta.get('answersPending')).toBeUndefined();

    const result = await pullOnce({ db, api: server.api(), clientId: 'client1' });
    expect(result.answersPending).toBe(false);
    expect(server.requests.filter((r) => r.startsWith('GET /data/v1/sync/pull')).at(-1)).toContain('answers=later');
    expect(await resultsOf(db)).toEqual({ i0: null, i1: ['AF1800-1'], i2: ['AF1800-2'], i3: ['AF1800-3'] });
  });

  it('go into the server copy of a row with a change queued on it, and the row is shown again from that copy', async () => {
    const server = fleetServer();
    const db = freshDb();
    await expect(pullOnce({ db, api: withoutAnswers(server), clientId: 'client1' })).rejects.toThrow(OfflineError);
    // As a queued change leaves it: the server's copy of i3 kept aside, the row shown with the change on top.
    const base = (await db.feed('inspections').get('i3'))!;
    await db.transaction('rw', db.tables, async () => {
      await db.shadows.put({ key: 'inspections:i3', table: 'inspections', id: 'i3', row: { ...base } });
      await db.feed('inspections').put({ ...base, numNotes: 1 });
    });

    expect(await fillAnswers({ db, api: server.api() })).toBe(false);

    // No outbox entry touches it any more, so the rebase shows the server copy, answers and all.
    expect(await db.shadows.get('inspections:i3')).toBeUndefined();
    expect(await db.feed('inspections').get('i3')).toEqual({ ...base, results: [answer('AF1800-3')] });
  });
});
