import 'fake-indexeddb/auto';
import Dexie from 'dexie';
import { afterEach, describe, expect, it } from 'vitest';
import { inspectionRow } from '../../core/testing/feed-rows.ts';
import { MirrorDb, storesV1 } from './mirror.ts';

const NAME = 'mirror-upgrade-test';
const ago = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString();

afterEach(async () => {
  await Dexie.delete(NAME);
});

describe('MirrorDb', () => {
  it('opens a mirror that version 1 made with its rows kept, each vehicle summed up, and its index by vehicle and date usable', async () => {
    const old = new Dexie(NAME);
    old.version(1).stores(storesV1());
    await old.table('inspections').bulkPut([
      { ...inspectionRow({ inspectionId: 'a', vehicleId: 'v1', inspectionDate: ago(9), fuelLevel: 0.5, numFixes: 2 }), id: 'a' },
      { ...inspectionRow({ inspectionId: 'b', vehicleId: 'v1', inspectionDate: ago(2), numFixes: 1 }), id: 'b' },
      { ...inspectionRow({ inspectionId: 'c', vehicleId: 'v2', inspectionDate: ago(1), numFixes: 1 }), id: 'c' },
    ]);
    await old.table('notes').put({ id: 'n', noteId: 'n', vehicleId: 'v1', creationDate: ago(3) });
    old.close();

    const db = new MirrorDb(NAME);
    expect(await db.feed('inspections').count()).toBe(3);
    const newestOfV1 = await db.feed('inspections').where('[vehicleId+inspectionDate]').between(['v1', Dexie.minKey], ['v1', Dexie.maxKey]).reverse().first();
    expect(newestOfV1?.inspectionId).toBe('b');
    const v1 = await db.fleetSummaries.get('v1');
    expect(v1).toMatchObject({ stale: false, inspectionId: 'b', fuelId: 'a', fuelLevel: 0.5, notes: { n: expect.any(String) } });
    expect(Object.keys(v1!.fixes).sort()).toEqual(['a', 'b']);
    expect((await db.fleetSummaries.get('v2'))?.inspectionId).toBe('c');
    db.close();
  });
});
