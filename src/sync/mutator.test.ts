import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { settingRowId } from '../../core/schema/settings.ts';
import { InvalidMutationError } from './errors.ts';
import { mutate, type Mutator } from './mutator.ts';
import { saveSetting, updateProfile } from '../data/mutators.ts';
import { userRow } from './testing/fake-server.ts';
import { ctx, freshDb } from './testing/fixtures.ts';

async function seededDb() {
  const db = freshDb();
  await db.feed('users').put({ ...userRow('u1', 'Ann', 'Lee'), id: 'u1' } as never);
  return db;
}

describe('mutate', () => {
  it('shows the change at once and queues the request, keeping the server copy as shadow', async () => {
    const db = await seededDb();
    await mutate(db, updateProfile, { userId: 'u1', changes: { firstName: '  Bea ', lastName: 'Moss' } }, ctx);

    const row = await db.feed('users').get('u1');
    expect(row).toMatchObject({ firstName: 'Bea', lastName: 'Moss', givenName: 'Bea', familyName: 'Moss', fullName: 'Bea Moss' });
    const [entry] = await db.outbox.toArray();
    expect(entry).toMatchObject({
      name: 'updateProfile',
      state: 'pending',
      touches: ['users:u1'],
      request: { method: 'PATCH', path: '/auth/users/u1', body: { firstName: 'Bea', lastName: 'Moss' } },
    });
    expect(entry!.id).toHaveLength(21);
    expect((await db.shadows.get('users:u1'))?.row).toMatchObject({ firstName: 'Ann', lastName: 'Lee' });
  });

  it('keeps the first server copy when a second change touches the same row', async () => {
    const db = await seededDb();
    await mutate(db, updateProfile, { userId: 'u1', changes: { firstName: 'Bea', lastName: 'Moss' } }, ctx);
    await mutate(db, updateProfile, { userId: 'u1', changes: { firstName: 'Cy', lastName: 'Moss' } }, ctx);
    expect((await db.shadows.get('users:u1'))?.row).toMatchObject({ firstName: 'Ann' });
    expect((await db.feed('users').get('u1'))?.firstName).toBe('Cy');
    expect(await db.outbox.count()).toBe(2);
  });

  it('creates a setting row under the id the server will give it, with a null shadow', async () => {
    const db = freshDb();
    await mutate(db, saveSetting, { userId: 'u1', values: { fleetDetailFilter: { q: 'truck', at: undefined } } }, ctx);
    const id = settingRowId('u1', 'fleetDetailFilter');
    expect(await db.feed('userSettings').get(id)).toEqual({ id, settingId: id, userId: 'u1', field: 'fleetDetailFilter', value: { q: 'truck' } });
    expect(await db.shadows.get(`userSettings:${id}`)).toMatchObject({ row: null });
    const [entry] = await db.outbox.toArray();
    expect(entry?.request).toEqual({
      method: 'PATCH',
      path: '/auth/users/u1/settings',
      body: [{ op: 'add', path: '/fleetDetailFilter', value: { q: 'truck' } }],
    });
  });

  it('saves a view (filter and columns) as one change: one outbox entry, one request, both rows', async () => {
    const db = freshDb();
    await mutate(db, saveSetting, { userId: 'u1', values: { fleetDetailFilter: { q: 'AB' }, fleetDetailColumnsState: { hidden: ['vin'] } } }, ctx);
    const entries = await db.outbox.toArray();
    expect(entries).toHaveLength(1);
    expect(entries[0]?.request.body).toEqual([
      { op: 'add', path: '/fleetDetailFilter', value: { q: 'AB' } },
      { op: 'add', path: '/fleetDetailColumnsState', value: { hidden: ['vin'] } },
    ]);
    expect(entries[0]?.touches).toEqual([
      'userSettings:' + settingRowId('u1', 'fleetDetailFilter'),
      'userSettings:' + settingRowId('u1', 'fleetDetailColumnsState'),
    ]);
    expect((await db.feed('userSettings').toArray()).map((r) => r.field).sort()).toEqual(['fleetDetailColumnsState', 'fleetDetailFilter']);
  });

  it('reads a setting queued by the app before views were saved whole (version 1: one field and its value)', () => {
    expect(saveSetting.upgrade!({ userId: 'u1', field: 'userAdminFilter', value: { q: 'x' } }, 1, null)).toEqual({
      userId: 'u1',
      values: { userAdminFilter: { q: 'x' } },
    });
    expect(() => saveSetting.upgrade!({ userId: 'u1', field: 'nope', value: 1 }, 1, null)).toThrow(/Unknown setting/);
  });

  it('refuses bad arguments with the schema message and writes nothing', async () => {
    const db = await seededDb();
    await expect(mutate(db, updateProfile, { userId: 'u1', changes: { firstName: '   ', lastName: 'Lee' } }, ctx)).rejects.toThrow(
      new InvalidMutationError('First name is required'),
    );
    await expect(mutate(db, updateProfile, { userId: 'u1', changes: { firstName: 'A'.repeat(51), lastName: 'Lee' } }, ctx)).rejects.toThrow(/50 characters/);
    await expect(mutate(db, saveSetting, { userId: 'u1', values: { nope: 1 } as never }, ctx)).rejects.toThrow(/Unknown setting/);
    await expect(mutate(db, saveSetting, { userId: 'u1', values: { fleetDetailFilter: 'x'.repeat(70_000) } }, ctx)).rejects.toThrow(/at most 64 KiB/);

    expect(await db.outbox.count()).toBe(0);
    expect(await db.shadows.count()).toBe(0);
    expect(await db.feed('userSettings').count()).toBe(0);
    expect((await db.feed('users').get('u1'))?.firstName).toBe('Ann');
  });

  it('writes the change, the shadow and the entry together or not at all', async () => {
    const db = await seededDb();
    const failing: Mutator<{ userId: string }> = {
      name: 'failing',
      parse: (a) => a,
      request: () => ({ method: 'PATCH', path: '/auth/users/u1' }),
      touches: () => ['users:u1'],
      async apply(d) {
        await d.feed('users').update('u1', { firstName: 'Half' });
        throw new Error('disk full');
      },
    };
    await expect(mutate(db, failing, { userId: 'u1' }, ctx)).rejects.toThrow('disk full');
    expect((await db.feed('users').get('u1'))?.firstName).toBe('Ann');
    expect(await db.outbox.count()).toBe(0);
    expect(await db.shadows.count()).toBe(0);
  });
});
