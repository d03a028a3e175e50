import { PULL_PAGE_LIMIT } from './constants.ts';
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { pullOnce } from './pull.ts';
import { skippedRows } from './skipped.ts';
import { FakeSyncServer } from './testing/fake-server.ts';
import { freshDb } from './testing/fixtures.ts';

const section = (id: string, name: unknown) => ({ t: 'sections', id, data: { sectionId: id, sectionName: name } });

describe('rows a build could not read', () => {
  it('are remembered, shown as missing, and pulled again from their page once another build runs', async () => {
    const server = new FakeSyncServer();
    server.write([section('s1', 'Alpha')]);
    server.write([section('s2', 42)]); // a shape this build cannot read
    server.write([section('s3', 'Gamma')]);
    const db = freshDb();
    const api = server.api();

    const first = await pullOnce({ db, api, clientId: 'c1', build: 'b1', limit: 1 });
    expect(first.skipped).toBe(1);
    // The cursor before the page that brought it (a page of one row ends inside revision 1).
    expect(await skippedRows(db)).toEqual({ build: 'b1', rows: [{ key: 'sections:s2', from: '1:sections:s1' }] });

    // The same build does not fetch them again on every pull.
    server.requests.length = 0;
    await pullOnce({ db, api, clientId: 'c1', build: 'b1' });
    expect(server.requests).toEqual([`GET /data/v1/sync/pull?cursor=3&limit=${PULL_PAGE_LIMIT}&clientId=c1`]);

    // The next build starts from the page that brought the row.
    server.requests.length = 0;
    const again = await pullOnce({ db, api, clientId: 'c1', build: 'b2' });
    expect(server.requests[0]).toContain(`cursor=${encodeURIComponent('1:sections:s1')}&`);
    expect(again.skipped).toBe(1);
    expect(await skippedRows(db)).toEqual({ build: 'b2', rows: [{ key: 'sections:s2', from: '1:sections:s1' }] });
    expect(await db.feed('sections').count()).toBe(2);
  });

  it('strikes a row off once a copy of it is read', async () => {
    const server = new FakeSyncServer();
    server.write([section('s2', 42)]);
    const db = freshDb();
    const api = server.api();
    await pullOnce({ db, api, clientId: 'c1', build: 'b1' });
    server.write([section('s2', 'Beta')]);
    await pullOnce({ db, api, clientId: 'c1', build: 'b1' });
    expect((await skippedRows(db)).rows).toEqual([]);
    expect(await db.feed('sections').get('s2')).toMatchObject({ sectionName: 'Beta' });
  });

  it("starts over, deletes included, when the row was skipped on a first sync's first page: a rewind to the feed's start would bring no deletes", async () => {
    const server = new FakeSyncServer();
    server.write([section('s1', 42)]); // a shape this build cannot read, on the first page
    server.write([section('s2', 'Bravo')]);
    const db = freshDb();
    const api = server.api();
    await pullOnce({ db, api, clientId: 'c1', build: 'b1' });
    expect(await skippedRows(db)).toEqual({ build: 'b1', rows: [{ key: 'sections:s1', from: '' }] });
    expect(await db.feed('sections').get('s2')).toBeDefined();

    // Bravo is deleted on the server; the next build runs before any pull of the first one saw it.
    server.write([{ t: 'sections', id: 's2', data: null }]);
    await pullOnce({ db, api, clientId: 'c1', build: 'b2' });
    expect(await db.feed('sections').get('s2')).toBeUndefined();
  });
});
