import 'fake-indexeddb/auto';
import Dexie from 'dexie';
import { afterEach, describe, expect, it } from 'vitest';
import { inspectionRow } from '../../core/testing/feed-rows.ts';
import { MirrorDb, storesV1 } from './mirror.ts';

const NAME = 'mirror-upgrade-test';

afterEach(async () => {
  await Dexie.delete(NAME);
});

describe('MirrorDb', () => {
  it('opens a mirror that version 1 made with its rows kept and the indexes of version 2 usable', async () => {
    const old = new Dexie(NAME);
    old.version(1).stores(storesV1());
    await old.table('inspections').bulkPut([
      { ...inspectionRow({ inspectionId: 'a', vehicleId: 'v1', inspectionDate: '2026-03-01T08:00:00.000Z', fuelLevel: 0.5, numFixes: 2 }), id: 'a' },
      { ...inspectionRow({ inspectionId: 'b', vehicleId: 'v1', inspectionDate: '2026-03-10T08:00:00.000Z', numFixes: 1 }), id: 'b' },
      { ...inspectionRow({ inspectionId: 'c', vehicleId: 'v2', inspectionDate: '2026-03-12T08:00:00.000Z', numFixes: 1 }), id: 'c' },
    ]);
    await old.table('notes').put({ id: 'n', noteId: 'n', vehicleId: 'v1', creationDate: '2026-03-11T08:00:00.000Z' });
    old.close();

    const db = new MirrorDb(NAME);
    expect(await db.feed('inspections').count()).toBe(3);
    const inspections = db.feed('inspections');
    const newestOfV1 = await inspections.where('[vehicleId+inspectionDate]').between(['v1', Dexie.minKey], ['v1', Dexie.maxKey]).reverse().first();
    expect(newestOfV1?.inspectionId).toBe('b');
    // Only inspections with a fuel level are in the fuel index.
    const fuelled = await inspections.where('[vehicleId+inspectionDate+fuelLevel]').between(['v1'], ['v1', Dexie.maxKey]).primaryKeys();
    expect(fuelled).toEqual(['a']);
    const oneFixSince = await inspections.where('[numFixes+inspectionDate]').between([1, '2026-03-05'], [1, Dexie.maxKey]).primaryKeys();
    expect(oneFixSince.sort()).toEqual(['b', 'c']);
    expect(await db.feed('notes').where('creationDate').aboveOrEqual('2026-03-11').count()).toBe(1);
    db.close();
  });
});
