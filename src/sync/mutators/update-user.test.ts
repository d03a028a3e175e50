import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { InvalidMutationError } from '../errors.ts';
import { mutate } from '../mutator.ts';
import { userRow } from '../testing/fake-server.ts';
import { ctx, freshDb } from '../testing/fixtures.ts';
import { mutatorByName } from './index.ts';
import { updateUser, type UpdateUserArgs } from './update-user.ts';

const change: UpdateUserArgs = {
  userId: 'u1',
  orgId: 'org1',
  firstName: 'Bea',
  lastName: 'Moss',
  role: 'sectionLead',
  sectionId: 's2',
  active: false,
  isAdmin: false,
};

describe('updateUser', () => {
  async function seededDb() {
    const db = freshDb();
    await db.feed('users').put({ ...userRow('u1', 'Ann', 'Lee'), id: 'u1', sectionId: 's1' } as never);
    return db;
  }

  it('changes the mirror row at once and queues PATCH /auth/users/{userId}', async () => {
    const db = await seededDb();
    await mutate(db, updateUser, { ...change, firstName: ' Bea ' }, ctx);

    expect(await db.feed('users').get('u1')).toMatchObject({
      firstName: 'Bea',
      lastName: 'Moss',
      givenName: 'Bea',
      familyName: 'Moss',
      fullName: 'Bea Moss',
      role: 'sectionLead',
      sectionId: 's2',
      active: false,
      isAdmin: false,
      email: 'u1@example.test',
    });
    const [entry] = await db.outbox.toArray();
    expect(entry?.request).toEqual({
      method: 'PATCH',
      path: '/auth/users/u1',
      body: { userId: 'u1', orgId: 'org1', firstName: 'Bea', lastName: 'Moss', role: 'sectionLead', sectionId: 's2', active: false, isAdmin: false },
    });
    expect((await db.shadows.get('users:u1'))?.row).toMatchObject({ firstName: 'Ann', role: 'vco' });
    expect(mutatorByName('updateUser')).toBe(updateUser);
  });

  it('refuses bad arguments and writes nothing', async () => {
    const db = await seededDb();
    await expect(mutate(db, updateUser, { ...change, sectionId: null }, ctx)).rejects.toThrow(
      new InvalidMutationError('The selected role requires and organization'),
    );
    await expect(mutate(db, updateUser, { ...change, lastName: 'x'.repeat(51) }, ctx)).rejects.toThrow(
      new InvalidMutationError('Last name must be 50 characters or fewer'),
    );
    await expect(mutate(db, updateUser, { ...change, role: 'captain' as never }, ctx)).rejects.toThrow(InvalidMutationError);
    expect(await db.feed('users').get('u1')).toMatchObject({ firstName: 'Ann', role: 'vco' });
    expect(await db.outbox.count()).toBe(0);
  });
});
