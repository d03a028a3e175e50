import 'fake-indexeddb/auto';
import Dexie from 'dexie';
import { describe, expect, it } from 'vitest';
import { MirrorDb, mirrorName } from '../db/mirror.ts';
import { mutate } from './mutator.ts';
import { saveSetting } from '../data/mutators.ts';
import { findStrandedMirrors } from './stranded.ts';
import { userRow } from './testing/fake-server.ts';
import { ctx } from './testing/fixtures.ts';
import { clearMirrorData, countWaitingIn } from './waiting.ts';

async function mirrorOf(userId: string, orgId: string, changes: number): Promise<string> {
  const db = new MirrorDb(mirrorName(userId, orgId));
  await db.feed('users').put({ ...userRow(userId, 'Ann', 'Lee'), id: userId });
  for (let i = 0; i < changes; i++) await mutate(db, saveSetting, { userId, values: { fleetDetailFilter: i } }, ctx);
  db.close();
  return db.name;
}

describe('signing out with changes waiting', () => {
  it('clears the data but keeps the waiting changes (a role change, a refused account)', async () => {
    const name = await mirrorOf('uKeep', 'org1', 2);
    await clearMirrorData(name);
    expect(await Dexie.exists(name)).toBe(true);
    expect(await countWaitingIn(name)).toBe(2);
    const db = new MirrorDb(name);
    expect(await db.feed('users').count()).toBe(0);
    db.close();
  });

  it('deletes the database when nothing waits', async () => {
    const name = await mirrorOf('uGone', 'org1', 0);
    await clearMirrorData(name);
    expect(await Dexie.exists(name)).toBe(false);
  });
});

describe('findStrandedMirrors', () => {
  it('lists the user’s other organizations’ mirrors that still hold changes, and no one else’s', async () => {
    const current = await mirrorOf('uMoved', 'orgNew', 1);
    await mirrorOf('uMoved', 'orgOld', 3);
    await mirrorOf('uMoved', 'orgEmpty', 0);
    await mirrorOf('uOther', 'orgOld', 5);
    expect(await findStrandedMirrors('uMoved', current)).toEqual([{ name: mirrorName('uMoved', 'orgOld'), orgId: 'orgOld', waiting: 3 }]);
  });
});
