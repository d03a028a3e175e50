import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { settingRowId } from '../../core/schema/settings.ts';
import { mutate } from './mutator.ts';
import { createUser, saveSetting, updateProfile, updateUser } from '../data/mutators.ts';
import { forgetSecret, ORPHANED_SECRET_MESSAGE } from './secrets.ts';
import { drainDevice } from './testing/drain-device.ts';
import { ctx } from './testing/fixtures.ts';

const setup = drainDevice;

const setting = (value: unknown) => ({ userId: 'u1', values: { fleetDetailFilter: value } });
const NEW_USER = {
  userId: 'u2',
  orgId: 'org1',
  firstName: 'Ty',
  lastName: 'Ro',
  email: 'ty@example.test',
  password: 'a long and unusual passphrase',
  role: 'dispatcher' as const,
  isAdmin: false,
  sectionId: 's1',
};

describe('verdicts per mutation', () => {
  it('narrows a batch the server refuses whole down to the entry at fault, ends it alone and sends the rest', async () => {
    const { server, db, drain } = await setup();
    // The server cannot take a body holding this value at all (as a body past its limit).
    server.refuseBatchWhen = (body) => (JSON.stringify(body).includes('poison') ? { status: 413, message: 'The request body is too large' } : undefined);
    for (let i = 0; i < 7; i++) await mutate(db, saveSetting, setting(i === 4 ? 'poison' : i), ctx);
    await mutate(db, updateProfile, { userId: 'u1', changes: { firstName: 'Bea' } }, ctx);

    await drain.wake();

    expect(await db.outbox.where('state').equals('pending').count()).toBe(0);
    expect(server.applied.size).toBe(7);
    const [rejected] = await db.rejected.toArray();
    expect(rejected).toMatchObject({ name: 'saveSetting', message: 'The request body is too large', httpStatus: 413, args: setting('poison') });
    expect(server.row('users', 'u1')).toMatchObject({ firstName: 'Bea' });
    // Halving finds the one entry among eight in a handful of pushes, not one push per entry.
    expect(server.pushes.length).toBeLessThanOrEqual(6);
  });

  it('caps a batch by bytes as well as by count', async () => {
    const { server, db, drain } = await setup({ maxBatchBytes: 2_000 });
    for (let i = 0; i < 6; i++)
      await mutate(db, saveSetting, { userId: 'u1', values: { [i % 2 ? 'fleetDetailFilter' : 'userAdminFilter']: 'x'.repeat(600) + i } }, ctx);

    await drain.wake();

    expect(server.pushes.map((p) => p.mutations.length)).toEqual([2, 2, 2]);
    expect(server.pushes.every((p) => JSON.stringify(p.mutations).length <= 2_000)).toBe(true);
    expect(await db.outbox.where('state').equals('sent').count()).toBe(6);
  });

  it('settles what was applied before a 401 stop, records no refusal and waits for a new token', async () => {
    const { server, db, drain, status, clock } = await setup();
    server.unauthorizedWhen = (m) => JSON.stringify(m.request.body).includes('second');
    await mutate(db, saveSetting, setting('first'), ctx);
    await mutate(db, saveSetting, setting('second'), ctx);

    await drain.wake();

    expect((await db.outbox.toArray()).map((e) => e.state)).toEqual(['sent', 'pending']);
    expect(await db.rejected.count()).toBe(0);
    expect(status.signInRequired).toBe(true);
    expect(clock.pendingCount()).toBe(0);
    server.unauthorizedWhen = () => false;
    await drain.wake({ force: true });
    expect((await db.outbox.toArray()).map((e) => e.state)).toEqual(['sent', 'sent']);
  });

  it('ends the edits of a record whose creation was refused with it, keeping their arguments', async () => {
    const { server, db, drain } = await setup();
    server.rejectWhen = (m) => (m.request.method === 'POST' ? { status: 400, message: 'That email address is already in use' } : undefined);
    const created = await mutate(db, createUser, NEW_USER, ctx);
    const edit = await mutate(db, updateUser, { userId: 'u2', orgId: 'org1', changes: { lastName: 'Roe' } }, ctx);
    await mutate(db, saveSetting, setting('unrelated'), ctx);

    await drain.wake();

    expect(await db.feed('users').get('u2')).toBeUndefined();
    expect(await db.outbox.where('state').notEqual('sent').count()).toBe(0);
    const rejected = new Map((await db.rejected.toArray()).map((r) => [r.id, r]));
    expect(rejected.get(created.id)).toMatchObject({ message: 'That email address is already in use', args: { userId: 'u2', email: 'ty@example.test' } });
    expect(rejected.get(edit.id)).toMatchObject({
      causedBy: created.id,
      httpStatus: 0,
      message: 'Not sent: the record it changes was not created (That email address is already in use)',
      args: { userId: 'u2', changes: { lastName: 'Roe' } },
    });
    expect(JSON.stringify([...rejected.values()])).not.toContain(NEW_USER.password);
    expect(server.row('userSettings', settingRowId('u1', 'fleetDetailFilter'))).toMatchObject({ value: 'unrelated' });
  });
});

describe('held entries (a new user’s password lives only in the memory of the tab that made it)', () => {
  it('sends a held entry of this tab with its secret, and keeps no password anywhere', async () => {
    const { server, db, drain } = await setup();
    await mutate(db, createUser, NEW_USER, ctx);
    await drain.wake();
    expect(server.pushes[0]?.mutations[0]?.request.body).toMatchObject({ password: NEW_USER.password });
    expect(await db.outbox.toArray()).toEqual([expect.objectContaining({ state: 'sent' })]);
    for (const table of db.tables) expect(JSON.stringify(await table.toArray())).not.toContain(NEW_USER.password);
  });

  it('leaves a held entry of another open tab to that tab, and holds back later changes of the same record', async () => {
    const { server, db, drain } = await setup({ holderAlive: async () => true });
    const held = await mutate(db, createUser, NEW_USER, ctx);
    forgetSecret(held.id); // as seen from a tab other than the one keeping it
    await mutate(db, updateUser, { userId: 'u2', orgId: 'org1', changes: { lastName: 'Roe' } }, ctx);
    await mutate(db, saveSetting, setting('other row'), ctx);

    await drain.wake();

    expect(server.pushes.flatMap((p) => p.mutations.map((m) => m.name))).toEqual(['saveSetting']);
    expect((await db.outbox.toArray()).map((e) => e.state)).toEqual(['held', 'pending', 'sent']);
  });

  it('ends a held entry whose tab closed before sending it, saying why', async () => {
    const { server, db, drain } = await setup({ holderAlive: async () => false });
    server.rejectWhen = (m) => ((m.request.body as { password?: string }).password ? undefined : { status: 400, message: 'password: Required' });
    const held = await mutate(db, createUser, NEW_USER, ctx);
    forgetSecret(held.id);

    await drain.wake();

    expect(await db.outbox.count()).toBe(0);
    expect(await db.rejected.toArray()).toEqual([expect.objectContaining({ id: held.id, message: ORPHANED_SECRET_MESSAGE })]);
    expect(await db.feed('users').get('u2')).toBeUndefined();
  });
});
