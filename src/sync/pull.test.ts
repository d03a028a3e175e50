import { FIRST_PAGE_LIMIT, PULL_PAGE_LIMIT } from './constants.ts';
import 'fake-indexeddb/auto';
import { describe, expect, it, vi } from 'vitest';
import type { ApiClient } from './api.ts';
import { mutate } from './mutator.ts';
import { updateProfile } from '../data/mutators.ts';
import { pullOnce, PullSupersededError } from './pull.ts';
import { FakeSyncServer, userRow } from './testing/fake-server.ts';
import { inspectionRow } from '../../core/testing/feed-rows.ts';
import { ctx, freshDb } from './testing/fixtures.ts';

const section = (id: string, name = `Section ${id}`) => ({ t: 'sections', id, data: { sectionId: id, sectionName: name } });

async function sectionNames(db: ReturnType<typeof freshDb>) {
  return (await db.feed('sections').toArray()).map((s) => s.sectionName).sort();
}

/** A feed of FIRST_PAGE_LIMIT + 700 sections: a pull from the start takes two pages. */
function twoPageFeed(): FakeSyncServer {
  const server = new FakeSyncServer();
  server.write(Array.from({ length: FIRST_PAGE_LIMIT + 700 }, (_, i) => section(`s${i}`)));
  return server;
}

/** Every value of the first sync's progress the pull stores, in order. */
function firstSyncWrites(db: ReturnType<typeof freshDb>): unknown[] {
  const seen: unknown[] = [];
  const write = db.meta.put.bind(db.meta);
  vi.spyOn(db.meta, 'put').mockImplementation((entry) => {
    if (entry.key === 'firstSync') seen.push(entry.value);
    return write(entry);
  });
  return seen;
}

describe('pullOnce', () => {
  it('pages through the feed, including a revision larger than a page, and stores the cursor', async () => {
    const server = new FakeSyncServer();
    server.write([section('s1')]);
    server.write([section('s2'), section('s3'), section('s4'), section('s5'), section('s6')]);
    server.write([{ t: 'users', id: 'u1', data: userRow('u1', 'Ann', 'Lee') }]);
    const db = freshDb();

    const result = await pullOnce({ db, api: server.api(), clientId: 'client1', limit: 2 });

    expect(result).toMatchObject({ pages: 4, written: 7, skipped: 0, reset: false, cursor: '3' });
    expect(await sectionNames(db)).toEqual(['Section s1', 'Section s2', 'Section s3', 'Section s4', 'Section s5', 'Section s6']);
    expect(await db.feed('users').get('u1')).toMatchObject({ id: 'u1', fullName: 'Ann Lee' });
    // Pages ending inside revision 2 continue from a rev:table:id cursor rather than skipping or repeating.
    expect(server.requests.filter((r) => r.includes('cursor=2%3Asections')).length).toBe(3);
    expect((await db.meta.get('cursor'))?.value).toBe('3');
    expect((await db.meta.get('bootstrapped'))?.value).toBe(true);
    expect(typeof (await db.meta.get('lastSyncedAt'))?.value).toBe('string');
  });

  it('asks a small first page on a pull from the start, and keeps how far it has got until it is done', async () => {
    const server = twoPageFeed();
    const db = freshDb();
    const progress = firstSyncWrites(db);

    await pullOnce({ db, api: server.api(), clientId: 'client1' });

    expect(server.requests[0]).toBe(`GET /data/v1/sync/pull?cursor=&limit=${FIRST_PAGE_LIMIT}&clientId=client1&answers=later`);
    expect(server.requests[1]).toContain(`limit=${PULL_PAGE_LIMIT}`);
    expect(progress[0]).toEqual({ done: 500, total: FIRST_PAGE_LIMIT + 700 });
    expect(progress).toContainEqual({ done: FIRST_PAGE_LIMIT, total: FIRST_PAGE_LIMIT + 700 });
    expect(progress.at(-1)).toEqual({ done: FIRST_PAGE_LIMIT + 700, total: FIRST_PAGE_LIMIT + 700 });
    expect(await db.meta.get('firstSync')).toBeUndefined();
    expect(await db.feed('sections').count()).toBe(FIRST_PAGE_LIMIT + 700);
  });

  it('asks for the next page while it writes the one it has, and stores the pages in order', async () => {
    const server = twoPageFeed();
    const db = freshDb();
    const storedAtRequest: unknown[] = [];
    const request = server.api().request;
    const api: ApiClient = {
      ...server.api(),
      request: async (...args: Parameters<ApiClient['request']>) => {
        if (args[1].startsWith('/data/v1/sync/pull')) storedAtRequest.push((await db.meta.get('cursor'))?.value ?? null);
        return request(...args);
      },
    };

    const result = await pullOnce({ db, api, clientId: 'client1' });

    // The second page was asked for before the first was stored: the server reads while the device writes.
    expect(storedAtRequest).toEqual([null, null]);
    expect(result).toMatchObject({ pages: 2, written: FIRST_PAGE_LIMIT + 700 });
    expect(await db.feed('sections').count()).toBe(FIRST_PAGE_LIMIT + 700);
    expect((await db.meta.get('cursor'))?.value).toBe(result.cursor);
  });

  it('drops the page it asked for ahead when writing the one it has fails, and the next pull asks for the failed page again', async () => {
    const server = twoPageFeed();
    const db = freshDb();
    const bulkPut = db.feed('sections').bulkPut.bind(db.feed('sections'));
    let puts = 0;
    vi.spyOn(db.feed('sections'), 'bulkPut').mockImplementation((...args: Parameters<typeof bulkPut>) =>
      ++puts === 2 ? (Promise.reject(new Error('disk full')) as ReturnType<typeof bulkPut>) : bulkPut(...args),
    );
    await expect(pullOnce({ db, api: server.api(), clientId: 'client1' })).rejects.toThrow('disk full');
    // The first chunk of the failed page stayed (puts are idempotent); nothing after it, and no cursor.
    expect(await db.meta.get('cursor')).toBeUndefined();
    expect(await db.feed('sections').count()).toBe(500);
    vi.restoreAllMocks();

    await pullOnce({ db, api: server.api(), clientId: 'client1' });
    expect(await db.feed('sections').count()).toBe(FIRST_PAGE_LIMIT + 700);
  });

  it('goes on counting the first sync’s progress when a pull from the start was stopped and resumes', async () => {
    const server = twoPageFeed();
    const db = freshDb();
    const request = server.api().request;
    let calls = 0;
    const stopped: ApiClient = {
      ...server.api(),
      request: async (...args: Parameters<ApiClient['request']>) => (++calls === 2 ? Promise.reject(new Error('offline')) : request(...args)),
    };
    await expect(pullOnce({ db, api: stopped, clientId: 'client1' })).rejects.toThrow('offline');
    expect((await db.meta.get('firstSync'))?.value).toEqual({ done: FIRST_PAGE_LIMIT, total: FIRST_PAGE_LIMIT + 700 });

    const seen = firstSyncWrites(db);
    await pullOnce({ db, api: server.api(), clientId: 'client1' });
    expect(seen.at(-1)).toEqual({ done: FIRST_PAGE_LIMIT + 700, total: FIRST_PAGE_LIMIT + 700 });
    expect(await db.meta.get('firstSync')).toBeUndefined();
  });

  it('applies later updates and deletes from the stored cursor', async () => {
    const server = new FakeSyncServer();
    server.write([section('s1'), section('s2')]);
    const db = freshDb();
    await pullOnce({ db, api: server.api(), clientId: 'client1' });

    server.write([{ t: 'sections', id: 's1', data: null }]);
    server.write([section('s2', 'Renamed'), section('s3')]);
    server.requests.length = 0;
    await pullOnce({ db, api: server.api(), clientId: 'client1' });

    expect(server.requests).toEqual([`GET /data/v1/sync/pull?cursor=1&limit=${PULL_PAGE_LIMIT}&clientId=client1`]);
    expect(await sectionNames(db)).toEqual(['Renamed', 'Section s3']);
  });

  it('skips feeds it does not know and rows that fail their schema, and keeps the rest', async () => {
    const server = new FakeSyncServer();
    server.write([section('s1'), { t: 'hovercraft', id: 'h1', data: { anything: true } }, { t: 'sections', id: 's2', data: { sectionId: 's2' } }]);
    const db = freshDb();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);

    const result = await pullOnce({ db, api: server.api(), clientId: 'client1' });

    expect(result.skipped).toBe(1);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('sections:s2'));
    warn.mockRestore();
    expect(await sectionNames(db)).toEqual(['Section s1']);
    expect((await db.meta.get('cursor'))?.value).toBe('1');
  });

  it('writes at most 500 rows per bulkPut', async () => {
    const server = new FakeSyncServer();
    server.write(Array.from({ length: 1_201 }, (_, i) => section(`s${i}`)));
    const db = freshDb();
    const bulkPut = vi.spyOn(db.feed('sections'), 'bulkPut');

    await pullOnce({ db, api: server.api(), clientId: 'client1', limit: 5_000 });

    expect(bulkPut.mock.calls.map(([rows]) => rows.length)).toEqual([500, 500, 201]);
    expect(await db.feed('sections').count()).toBe(1_201);
  });

  it('on reset empties the mirror, pulls from the start, and keeps queued changes visible', async () => {
    const server = new FakeSyncServer();
    server.write([section('s1'), section('s2'), { t: 'users', id: 'u1', data: userRow('u1', 'Ann', 'Lee') }]);
    const db = freshDb();
    await pullOnce({ db, api: server.api(), clientId: 'client1' });
    await mutate(db, updateProfile, { userId: 'u1', changes: { firstName: 'Bea', lastName: 'Lee' } }, ctx);
    await db.rejected.put({
      id: 'r1',
      name: 'x',
      request: { method: 'PATCH', path: '/auth/users/u1' },
      message: 'No',
      httpStatus: 400,
      createdAt: '',
      rejectedAt: '',
    });

    // s1 is deleted and its tombstone purged: only a reset can make the mirror forget it.
    server.write([{ t: 'sections', id: 's1', data: null }]);
    server.write([section('s3')]);
    server.rows.delete('sections:s1');
    server.horizon = server.rev;

    const result = await pullOnce({ db, api: server.api(), clientId: 'client1' });

    expect(result.reset).toBe(true);
    expect(await sectionNames(db)).toEqual(['Section s2', 'Section s3']);
    expect((await db.feed('users').get('u1'))?.firstName).toBe('Bea');
    expect((await db.shadows.get('users:u1'))?.row).toMatchObject({ firstName: 'Ann' });
    expect(await db.outbox.count()).toBe(1);
    expect(await db.rejected.count()).toBe(1);
    expect((await db.meta.get('cursor'))?.value).toBe(String(server.rev));
  });

  it('fails without writing when a page does not match the pull contract', async () => {
    const db = freshDb();
    const api: ApiClient = { request: async () => ({ cursor: 1, changes: [] }) };
    await expect(pullOnce({ db, api, clientId: 'client1' })).rejects.toThrow();
    expect(await db.meta.get('cursor')).toBeUndefined();
    expect(await db.meta.get('lastSyncedAt')).toBeUndefined();
  });

  it('a pull whose cursor another tab moved meanwhile stops without writing its older page', async () => {
    const server = new FakeSyncServer();
    server.write([section('s1', 'Old')]);
    const db = freshDb();
    const base = server.api();
    // This tab fetches its page, then is frozen; the new leader pulls a newer revision meanwhile.
    const frozen: ApiClient = {
      request: async (...args: Parameters<ApiClient['request']>) => {
        const page = await base.request(...args);
        server.write([section('s1', 'New')]);
        await pullOnce({ db, api: base, clientId: 'client2' });
        return page;
      },
    };

    await expect(pullOnce({ db, api: frozen, clientId: 'client1' })).rejects.toThrow(PullSupersededError);

    expect(await sectionNames(db)).toEqual(['New']);
    expect((await db.meta.get('cursor'))?.value).toBe(String(server.rev));
  });

  it("a first sync whose lead another tab took before its end leaves that tab's summaries alone", async () => {
    const inspection = (id: string, vehicleId: string) => ({ t: 'inspections', id, data: inspectionRow({ inspectionId: id, vehicleId }) });
    const server = new FakeSyncServer();
    server.write([inspection('i1', 'v1')]);
    const db = freshDb();
    const base = server.api();
    // This tab has written the first sync's last page and is frozen before the transaction that ends it;
    // meanwhile the new leader pulls an inspection of another vehicle and ends the first sync itself.
    const transaction = db.transaction.bind(db) as (...args: unknown[]) => unknown;
    let calls = 0;
    vi.spyOn(db, 'transaction').mockImplementation((async (...args: unknown[]) => {
      if (++calls === 2) {
        server.write([inspection('i2', 'v2')]);
        await pullOnce({ db, api: base, clientId: 'client2' });
      }
      return transaction(...args);
    }) as never);

    await expect(pullOnce({ db, api: base, clientId: 'client1' })).rejects.toThrow(PullSupersededError);

    expect((await db.fleetSummaries.toArray()).map((s) => s.vehicleId).sort()).toEqual(['v1', 'v2']);
    expect((await db.meta.get('bootstrapped'))?.value).toBe(true);
  });

  it("keeps a change the server applied shown until the pull brings the row's later version, even when the pull stops between pages", async () => {
    const server = new FakeSyncServer();
    server.write([{ t: 'users', id: 'u1', data: userRow('u1', 'Ann', 'Lee') }]);
    const db = freshDb();
    await pullOnce({ db, api: server.api(), clientId: 'client1' });
    await mutate(db, updateProfile, { userId: 'u1', changes: { firstName: 'Bea', lastName: 'Lee' } }, ctx);
    // The change is pushed and applied (revision R); the device has not pulled since.
    const entry = (await db.outbox.toArray())[0]!;
    const [applied] = server.push({ clientId: 'client1', mutations: [{ id: entry.id, seq: entry.seq!, name: entry.name, request: entry.request }] });
    await db.outbox.update(entry.seq!, { state: 'sent', rev: applied!.rev });
    // Then other rows, and a colleague's later edit of the same user (revision R2), past the first page.
    server.write([section('s1'), section('s2'), section('s3')]);
    server.write([{ t: 'users', id: 'u1', data: userRow('u1', 'Bea', 'Lee-Smith') }]);
    // The first page (which acks the change) arrives; the link drops before the next.
    const base = server.api();
    let pulls = 0;
    const dropping: ApiClient = {
      request: (method, path, body) =>
        path.includes('/sync/pull') && ++pulls > 1 ? Promise.reject(new Error('The link dropped')) : base.request(method, path, body),
    };

    await expect(pullOnce({ db, api: dropping, clientId: 'client1', limit: 2 })).rejects.toThrow('The link dropped');

    expect((await db.feed('users').get('u1'))?.firstName).toBe('Bea');
    // The next pull brings the later version, and the change is retired.
    await pullOnce({ db, api: base, clientId: 'client1' });
    expect(await db.feed('users').get('u1')).toMatchObject({ firstName: 'Bea', lastName: 'Lee-Smith' });
    expect(await db.outbox.count()).toBe(0);
  });
});
