import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { freshDb } from '../sync/testing/fixtures.ts';
import { rowsWhereAnyOf } from './rows-where-any-of.ts';

const picture = (mxPictureId: string, mxId: string) => ({ id: mxPictureId, mxPictureId, mxId, sha256: 'a'.repeat(64), filename: null, url: '', annotation: null });

describe('rowsWhereAnyOf: the rows an index holds under any of the keys', () => {
  it('answers the rows anyOf answers, each once, whatever the keys’ order and repeats, inside a caller’s transaction too', async () => {
    const db = freshDb();
    await db.feed('discrepancyPictures').bulkPut([picture('p1', 'm1'), picture('p2', 'm1'), picture('p3', 'm2'), picture('p4', 'm3'), picture('p5', 'm4')] as never);
    const ids = (rows: { id: string }[]) => rows.map((r) => r.id).sort();
    const asked = ['m3', 'm1', 'm9', 'm1'];
    const expected = ids(await db.feed('discrepancyPictures').where('mxId').anyOf(asked).toArray());
    expect(expected).toEqual(['p1', 'p2', 'p4']);
    expect(ids(await rowsWhereAnyOf(db.feed('discrepancyPictures'), 'mxId', asked))).toEqual(expected);
    const inside = await db.transaction('r', [db.table('discrepancyPictures'), db.table('vehicles')], () =>
      rowsWhereAnyOf(db.feed('discrepancyPictures'), 'mxId', asked),
    );
    expect(ids(inside)).toEqual(expected);
    expect(await rowsWhereAnyOf(db.feed('discrepancyPictures'), 'mxId', [])).toEqual([]);
    db.close();
  });

  it('answers the same rows, grouped by key in the keys’ order, whether it reads the table whole (few rows a key) or a key at a time (many)', async () => {
    const db = freshDb();
    const pictures = Array.from({ length: 60 }, (_, i) => picture(`p${String(i).padStart(2, '0')}`, `m${i % 20}`));
    await db.feed('discrepancyPictures').bulkPut(pictures as never);
    const table = db.feed('discrepancyPictures');
    const grouped = (keys: string[]) => keys.flatMap((k) => pictures.filter((p) => p.mxId === k).map((p) => p.id));
    // 60 rows for 16 keys: read whole; for 2 keys: a request each.
    const many = Array.from({ length: 16 }, (_, i) => `m${(i * 7) % 20}`);
    expect((await rowsWhereAnyOf(table, 'mxId', many)).map((r) => r.id)).toEqual(grouped(many));
    expect((await rowsWhereAnyOf(table, 'mxId', ['m5', 'm2'])).map((r) => r.id)).toEqual(grouped(['m5', 'm2']));
    await table.clear();
    expect(await rowsWhereAnyOf(table, 'mxId', many)).toEqual([]);
    db.close();
  });
});
