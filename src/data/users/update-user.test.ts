import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { InvalidMutationError } from '../../sync/errors.ts';
import { mutate } from '../../sync/mutator.ts';
import { userRow } from '../../sync/testing/fake-server.ts';
import { ctx, freshDb } from '../../sync/testing/fixtures.ts';
import { MUTATORS } from '../mutators.ts';
import { updateUser } from './update-user.ts';

describe('updateUser', () => {
  async function seededDb() {
    const db = freshDb();
    await db.feed('users').put({ ...userRow('u1', 'Ann', 'Lee'), id: 'u1', sectionId: 's1' } as never);
    return db;
  }

  it('changes the mirror row at once and queues PATCH /auth/users/{userId} with the changed fields only', async () => {
    const db = await seededDb();
    await mutate(db, updateUser, { userId: 'u1', orgId: 'org1', changes: { lastName: ' Moss ', active: false } }, ctx);

    expect(await db.feed('users').get('u1')).toMatchObject({
      firstName: 'Ann',
      lastName: 'Moss',
      familyName: 'Moss',
      fullName: 'Ann Moss',
      role: 'vco',
      sectionId: 's1',
      active: false,
      isAdmin: true,
    });
    const [entry] = await db.outbox.toArray();
    expect(entry).toMatchObject({
      v: 2,
      request: { method: 'PATCH', path: '/auth/users/u1', body: { userId: 'u1', orgId: 'org1', lastName: 'Moss', active: false } },
    });
    expect(Object.keys(entry!.request.body as object).sort()).toEqual(['active', 'lastName', 'orgId', 'userId']);
    expect((await db.shadows.get('users:u1'))?.row).toMatchObject({ lastName: 'Lee', active: true });
    expect(MUTATORS).toContain(updateUser);
  });

  it('refuses bad arguments and an empty change, and writes nothing', async () => {
    const db = await seededDb();
    await expect(mutate(db, updateUser, { userId: 'u1', orgId: 'org1', changes: {} }, ctx)).rejects.toThrow(new InvalidMutationError('Change at least one field'));
    await expect(mutate(db, updateUser, { userId: 'u1', orgId: 'org1', changes: { lastName: 'x'.repeat(51) } }, ctx)).rejects.toThrow(
      new InvalidMutationError('Last name must be 50 characters or fewer'),
    );
    await expect(mutate(db, updateUser, { userId: 'u1', orgId: 'org1', changes: { role: 'captain' as never } }, ctx)).rejects.toThrow(InvalidMutationError);
    expect(await db.feed('users').get('u1')).toMatchObject({ firstName: 'Ann', role: 'vco' });
    expect(await db.outbox.count()).toBe(0);
  });

  it('upgrades the arguments an older app stored (every field of the dialog) to the fields that differ from the row', () => {
    const v1 = { userId: 'u1', orgId: 'org1', firstName: 'Bea', lastName: 'Moss', role: 'sectionLead', sectionId: 's2', active: false, isAdmin: false };
    const base = { userId: 'u1', firstName: 'Bea', lastName: 'Lee', role: 'sectionLead', sectionId: 's2', active: true, isAdmin: false };
    expect(updateUser.upgrade!(v1, 1, base)).toEqual({ userId: 'u1', orgId: 'org1', changes: { lastName: 'Moss', active: false } });
    // Without the row it was made on, every field is kept, as version 1 sent them.
    expect(updateUser.upgrade!(v1, 1, null)).toEqual({
      userId: 'u1',
      orgId: 'org1',
      changes: { firstName: 'Bea', lastName: 'Moss', role: 'sectionLead', sectionId: 's2', active: false, isAdmin: false },
    });
  });
});
