import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import type { OutboxEntry } from '../db/mirror.ts';
import { updateProfile } from '../data/mutators.ts';
import { rebaseRows } from './rebase.ts';
import { secretOf } from './secrets.ts';
import { userRow } from './testing/fake-server.ts';
import { ctx, freshDb } from './testing/fixtures.ts';
import { upgradeOutbox } from './upgrade.ts';

/** An outbox entry as the app before argument versions stored it (no `v`). */
function oldEntry(id: string, name: string, args: unknown, request: OutboxEntry['request'], touches: string[]): OutboxEntry {
  return { id, name, args, request, state: 'pending', touches, createdAt: '2026-11-01T00:00:00.000Z' };
}

async function mirrorWithUser() {
  const db = freshDb();
  await db.feed('users').put({ ...userRow('u1', 'Ann', 'Lee'), id: 'u1' });
  return db;
}

describe('stored outbox entries across an app update', () => {
  it('upgrades an older updateUser entry to version 2 with only the fields it changed, and replays it', async () => {
    const db = await mirrorWithUser();
    const args = { userId: 'u1', orgId: 'org1', firstName: 'Bea', lastName: 'Lee', role: 'vco', sectionId: null, active: true, isAdmin: true };
    await db.outbox.add(oldEntry('m1', 'updateUser', args, { method: 'PATCH', path: '/auth/users/u1', body: { ...args } }, ['users:u1']));
    await db.shadows.put({ key: 'users:u1', table: 'users', id: 'u1', row: { ...userRow('u1', 'Ann', 'Lee'), id: 'u1' } });

    await upgradeOutbox(db, ctx);

    const [entry] = await db.outbox.toArray();
    // Only the rename: the other fields equal the row it was made on, so it cannot undo another administrator's change.
    expect(entry).toMatchObject({ v: 2, state: 'pending', request: { body: { userId: 'u1', orgId: 'org1', firstName: 'Bea' } } });
    expect(entry?.args).toEqual({ userId: 'u1', orgId: 'org1', changes: { firstName: 'Bea' } });
    await db.transaction('rw', db.tables, async () => {
      await rebaseRows(db, ['users:u1']);
    });
    expect(await db.feed('users').get('u1')).toMatchObject({ firstName: 'Bea', fullName: 'Bea Lee' });
  });

  it('moves a password an older app stored into memory, holding the entry for this tab', async () => {
    const db = freshDb();
    const args = {
      userId: 'u2',
      orgId: 'org1',
      firstName: 'Ty',
      lastName: 'Ro',
      email: 'ty@example.test',
      password: 'a long and unusual passphrase',
      role: 'dispatcher',
      isAdmin: false,
      sectionId: 's1',
    };
    await db.outbox.add(oldEntry('m2', 'createUser', args, { method: 'POST', path: '/auth/users', body: { ...args, orgId: undefined } }, ['users:u2']));

    await upgradeOutbox(db, ctx);

    const [entry] = await db.outbox.toArray();
    expect(entry?.state).toBe('held');
    expect(secretOf('m2')).toEqual({ password: args.password });
    expect(JSON.stringify(await db.outbox.toArray())).not.toContain(args.password);
  });

  it('sets aside an entry it cannot upgrade or does not know, and goes on with the others', async () => {
    const db = await mirrorWithUser();
    await db.outbox.add(
      oldEntry('bad', 'updateUser', { userId: 'u1', orgId: 'org1', firstName: 42 }, { method: 'PATCH', path: '/auth/users/u1', body: {} }, ['users:u1']),
    );
    await db.outbox.add(oldEntry('gone', 'renameFleet', {}, { method: 'PATCH', path: '/data/v1/fleet', body: {} }, []));
    await db.outbox.add({
      ...oldEntry('ok', 'saveSetting', { userId: 'u1', field: 'fleetDetailFilter', value: 1 }, { method: 'PATCH', path: '/auth/users/u1/settings', body: [] }, [
        'userSettings:u1-fleetDetailFilter',
      ]),
      v: 1,
    });

    await upgradeOutbox(db, ctx);

    expect((await db.outbox.toArray()).map((e) => e.id)).toEqual(['ok']);
    const rejected = await db.rejected.toArray();
    expect(rejected.map((r) => [r.id, r.httpStatus])).toEqual([
      ['bad', 0],
      ['gone', 0],
    ]);
    expect(rejected[1]?.message).toContain('does not know the change "renameFleet"');
  });

  it('leaves alone a change made by a newer version of the app in another tab: not replayed, not set aside, sent as it is', async () => {
    const db = await mirrorWithUser();
    await db.shadows.put({ key: 'users:u1', table: 'users', id: 'u1', row: { ...userRow('u1', 'Ann', 'Lee'), id: 'u1' } });
    // updateUser is at version 2 here; the tab updated first made this change with a version 3.
    const newer = {
      ...oldEntry('n', 'updateUser', { a: 'shape this version cannot read' }, { method: 'PATCH', path: '/auth/users/u1', body: { firstName: 'Bea' } }, ['users:u1']),
      v: 3,
    };
    await db.outbox.add(newer);

    await upgradeOutbox(db, ctx);
    await db.transaction('rw', db.tables, async () => {
      await rebaseRows(db, ['users:u1']);
    });

    expect(await db.rejected.count()).toBe(0);
    expect(await db.outbox.toArray()).toMatchObject([{ id: 'n', v: 3, request: { body: { firstName: 'Bea' } } }]);
  });

  it('sets aside a pending change whose replay throws, instead of stopping the replay of the others', async () => {
    const db = await mirrorWithUser();
    const throwing = {
      name: 'boom',
      parse: (a: unknown) => a,
      request: () => ({ method: 'POST' as const, path: '/data/x' }),
      touches: () => ['users:u1'],
      apply: () => {
        throw new Error('no such field');
      },
    };
    const lookup = (name: string) => (name === 'boom' ? throwing : name === 'updateProfile' ? updateProfile : undefined) as never;
    await db.shadows.put({ key: 'users:u1', table: 'users', id: 'u1', row: { ...userRow('u1', 'Ann', 'Lee'), id: 'u1' } });
    await db.outbox.add({ ...oldEntry('b', 'boom', {}, { method: 'POST', path: '/data/x' }, ['users:u1']), v: 1 });
    await db.outbox.add({
      ...oldEntry('r', 'updateProfile', { userId: 'u1', changes: { firstName: 'Cy' } }, { method: 'PATCH', path: '/auth/users/u1', body: { firstName: 'Cy' } }, [
        'users:u1',
      ]),
      v: 2,
    });

    await db.transaction('rw', db.tables, async () => {
      await rebaseRows(db, ['users:u1'], lookup);
    });

    expect((await db.outbox.toArray()).map((e) => e.id)).toEqual(['r']);
    expect(await db.rejected.get('b')).toMatchObject({ httpStatus: 0, message: expect.stringContaining('no such field') });
    expect(await db.feed('users').get('u1')).toMatchObject({ firstName: 'Cy' });
  });
});
