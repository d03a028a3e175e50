import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { InvalidMutationError } from '../../sync/errors.ts';
import { mutate } from '../../sync/mutator.ts';
import { ctx, freshDb } from '../../sync/testing/fixtures.ts';
import { createUser, type CreateUserArgs } from './create-user.ts';
import { MUTATORS } from '../mutators.ts';
import { secretOf, TAB_ID } from '../../sync/secrets.ts';

const USER_ID = 'V1StGXR8_Z5jdHi6B-myT';

const newUser: CreateUserArgs = {
  userId: USER_ID,
  orgId: 'org1',
  firstName: ' Grace ',
  lastName: 'Hopper',
  email: '  Grace.Hopper@Example.TEST ',
  password: 'a long and unusual passphrase',
  role: 'dispatcher',
  isAdmin: false,
  sectionId: 's1',
};

describe('createUser', () => {
  it('shows the new user at once, in the feed shape, and holds POST /auth/users with its password in memory only', async () => {
    const db = freshDb();
    await mutate(db, createUser, newUser, ctx);

    expect(await db.feed('users').get(USER_ID)).toEqual({
      id: USER_ID,
      userId: USER_ID,
      firstName: 'Grace',
      lastName: 'Hopper',
      givenName: 'Grace',
      familyName: 'Hopper',
      fullName: 'Grace Hopper',
      email: 'grace.hopper@example.test',
      role: 'dispatcher',
      orgId: 'org1',
      active: true,
      isAdmin: false,
      sectionId: 's1',
    });
    const [entry] = await db.outbox.toArray();
    expect(entry).toMatchObject({
      name: 'createUser',
      state: 'held',
      holder: TAB_ID,
      touches: [`users:${USER_ID}`],
      request: {
        method: 'POST',
        path: '/auth/users',
        body: {
          userId: USER_ID,
          firstName: 'Grace',
          lastName: 'Hopper',
          email: 'grace.hopper@example.test',
          role: 'dispatcher',
          isAdmin: false,
          sectionId: 's1',
        },
      },
    });
    expect(secretOf(entry!.id)).toEqual({ password: 'a long and unusual passphrase' });
    expect(MUTATORS).toContain(createUser);
  });

  it('never writes the password anywhere in IndexedDB', async () => {
    const db = freshDb();
    await mutate(db, createUser, newUser, ctx);
    for (const table of db.tables) expect(JSON.stringify(await table.toArray())).not.toContain(newUser.password);
  });

  it('refuses bad arguments with a readable message and writes nothing', async () => {
    const db = freshDb();
    await expect(mutate(db, createUser, { ...newUser, email: 'not an address' }, ctx)).rejects.toThrow(new InvalidMutationError('Enter a valid email address'));
    await expect(mutate(db, createUser, { ...newUser, sectionId: null }, ctx)).rejects.toThrow(
      new InvalidMutationError('The selected role requires and organization'),
    );
    await expect(mutate(db, createUser, { ...newUser, firstName: '' }, ctx)).rejects.toThrow(new InvalidMutationError('First name is required'));
    expect(await db.feed('users').count()).toBe(0);
    expect(await db.outbox.count()).toBe(0);
  });

  it('adds an inspector without a section', async () => {
    const db = freshDb();
    await mutate(db, createUser, { ...newUser, role: 'inspector', sectionId: null }, ctx);
    expect(await db.feed('users').get(USER_ID)).toMatchObject({ role: 'inspector', sectionId: null });
  });
});
