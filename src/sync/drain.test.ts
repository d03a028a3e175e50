import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { settingRowId } from '../../core/schema/settings.ts';
import type { ApiClient } from './api.ts';
import { Drain } from './drain.ts';
import { mutate } from './mutator.ts';
import { createUser, saveSetting, updateProfile } from '../data/mutators.ts';
import { drainDevice } from './testing/drain-device.ts';
import { userRow, type FakeSyncServer } from './testing/fake-server.ts';
import { ctx } from './testing/fixtures.ts';
import { manualTimers } from './testing/manual-timers.ts';

const setup = drainDevice;

const pushes = (server: FakeSyncServer) => server.requests.filter((r) => r.startsWith('POST')).length;

describe('rebase', () => {
  it('keeps showing a pending change over a newer server copy, and the server copy once acked', async () => {
    const { server, db, drain, pull, user } = await setup();
    await mutate(db, updateProfile, { userId: 'u1', changes: { firstName: 'Bea', lastName: 'Lee' } }, ctx);

    // Someone else changes the same row before our change reaches the server.
    server.write([{ t: 'users', id: 'u1', data: { ...userRow('u1', 'Ann', 'Lee'), email: 'new@example.test' } }]);
    await pull();
    expect(await user()).toMatchObject({ firstName: 'Bea', email: 'new@example.test' });
    expect((await db.shadows.get('users:u1'))?.row).toMatchObject({ firstName: 'Ann', email: 'new@example.test' });

    await drain.wake();
    expect((await db.outbox.toArray()).map((e) => e.state)).toEqual(['sent']);
    // A later edit on the server wins once our change is acked: the mirror shows the server's row.
    server.write([{ t: 'users', id: 'u1', data: { ...userRow('u1', 'Cy', 'Lee'), email: 'new@example.test' } }]);
    await pull();
    expect(await user()).toMatchObject({ firstName: 'Cy', fullName: 'Cy Lee' });
    expect(await db.outbox.count()).toBe(0);
    expect(await db.shadows.count()).toBe(0);
  });
});

describe('drain', () => {
  it('pushes in seq order, marks entries sent and asks for a pull that retires them', async () => {
    const { server, db, drain, onApplied, pull, user } = await setup();
    await mutate(db, updateProfile, { userId: 'u1', changes: { firstName: 'Bea', lastName: 'Lee' } }, ctx);
    await mutate(db, saveSetting, { userId: 'u1', values: { fleetDetailFilter: { q: 'x' } } }, ctx);

    await drain.wake();

    expect(server.row('users', 'u1')).toMatchObject({ firstName: 'Bea' });
    expect((await db.outbox.toArray()).map((e) => [e.state, e.rev])).toEqual([
      ['sent', 2],
      ['sent', 3],
    ]);
    expect(onApplied).toHaveBeenCalled();
    await pull();
    expect(await db.outbox.count()).toBe(0);
    expect(await user()).toMatchObject({ firstName: 'Bea' });
    expect(await db.feed('userSettings').get(settingRowId('u1', 'fleetDetailFilter'))).toMatchObject({ value: { q: 'x' } });
  });

  it('removes at once a change the server made nothing of, showing the server copy', async () => {
    const { server, db, drain, onApplied, user } = await setup();
    await mutate(db, updateProfile, { userId: 'u1', changes: { firstName: 'Ann', lastName: 'Lee' } }, ctx);
    await drain.wake();
    expect(pushes(server)).toBe(1);
    expect(await db.outbox.count()).toBe(0);
    expect(await db.shadows.count()).toBe(0);
    expect(await user()).toMatchObject({ firstName: 'Ann' });
    expect(onApplied).not.toHaveBeenCalled();
  });

  it('rolls back a refused change, keeps a later pending change to the same row, and lists the message', async () => {
    const { server, db, drain, user } = await setup();
    server.rejectWhen = (m) => ((m.request.body as { firstName?: string }).firstName === 'Zed' ? { status: 400, message: 'First name is not allowed' } : undefined);
    // The change after the refused one fails transiently: the server answers 503 with what it did so far.
    server.transientWhen = (m) => (m.request.body as { firstName?: string }).firstName === 'Bea';
    const refused = await mutate(db, updateProfile, { userId: 'u1', changes: { firstName: 'Zed', lastName: 'Zed' } }, ctx);
    await mutate(db, updateProfile, { userId: 'u1', changes: { firstName: 'Bea', lastName: 'Lee' } }, ctx);

    await drain.wake();

    expect(await user()).toMatchObject({ firstName: 'Bea', lastName: 'Lee' });
    expect((await db.outbox.toArray()).map((e) => [e.request.body, e.state])).toEqual([[{ firstName: 'Bea', lastName: 'Lee' }, 'pending']]);
    expect((await db.shadows.get('users:u1'))?.row).toMatchObject({ firstName: 'Ann' });
    expect(await db.rejected.toArray()).toEqual([
      expect.objectContaining({ id: refused.id, name: 'updateProfile', message: 'First name is not allowed', httpStatus: 400 }),
    ]);
  });

  it('lists a refused new user with the server’s suggestions and keeps no password of it', async () => {
    const { server, db, drain } = await setup();
    const warning = 'This is a very common password.';
    server.rejectWhen = () => ({
      status: 400,
      message: warning,
      response: { errorMessage: warning, errors: [{ message: warning }, { message: 'Add another word or two.' }] },
    });
    const args = {
      userId: 'u2',
      orgId: 'org1',
      firstName: 'Ty',
      lastName: 'Ro',
      email: 'ty@example.test',
      password: 'password1',
      role: 'dispatcher' as const,
      isAdmin: false,
      sectionId: 's1',
    };
    await mutate(db, createUser, args, ctx);

    await drain.wake();

    expect(await db.feed('users').get('u2')).toBeUndefined();
    const [rejected] = await db.rejected.toArray();
    expect(rejected).toMatchObject({ message: warning, details: ['Add another word or two.'] });
    expect(JSON.stringify(rejected)).not.toContain('password1');
  });

  it('restores the server copy when the only change to a row is refused, deleting a row it created', async () => {
    const { server, db, drain, user } = await setup();
    server.rejectWhen = () => ({ status: 403, message: 'Only administrators may do this' });
    await mutate(db, updateProfile, { userId: 'u1', changes: { firstName: 'Zed', lastName: 'Zed' } }, ctx);
    await mutate(db, saveSetting, { userId: 'u1', values: { fleetDetailFilter: 1 } }, ctx);

    await drain.wake();

    expect(await user()).toMatchObject({ firstName: 'Ann', lastName: 'Lee' });
    expect(await db.feed('userSettings').count()).toBe(0);
    expect(await db.outbox.count()).toBe(0);
    expect(await db.shadows.count()).toBe(0);
    expect((await db.rejected.toArray()).map((r) => r.message)).toEqual(['Only administrators may do this', 'Only administrators may do this']);
  });

  it('re-sends a batch whose answer was lost; the server answers duplicate and nothing applies twice', async () => {
    const { server, db, drain, clock, pull, user } = await setup();
    server.loseNextAnswers = 1;
    await mutate(db, updateProfile, { userId: 'u1', changes: { firstName: 'Bea', lastName: 'Lee' } }, ctx);
    await mutate(db, saveSetting, { userId: 'u1', values: { fleetDetailFilter: 1 } }, ctx);

    await drain.wake();
    expect((await db.outbox.toArray()).map((e) => e.state)).toEqual(['pending', 'pending']);
    const revAfterFirst = server.rev;

    clock.fireAll();
    await drain.idle();

    expect(pushes(server)).toBe(2);
    expect([...server.applied.values()]).toEqual([1, 1]);
    expect(server.rev).toBe(revAfterFirst);
    expect((await db.outbox.toArray()).map((e) => e.state)).toEqual(['sent', 'sent']);
    await pull();
    expect(await db.outbox.count()).toBe(0);
    expect(await user()).toMatchObject({ firstName: 'Bea' });
  });

  it('retires an entry a pull acked while its answer was lost, and ignores the late duplicate', async () => {
    const { server, db, drain, clock, pull, user } = await setup();
    server.loseNextAnswers = 1;
    await mutate(db, updateProfile, { userId: 'u1', changes: { firstName: 'Bea', lastName: 'Lee' } }, ctx);
    await drain.wake();
    await pull();
    expect(await db.outbox.count()).toBe(0);
    clock.fireAll();
    await drain.idle();
    expect(await user()).toMatchObject({ firstName: 'Bea' });
    expect(server.applied.size).toBe(1);
  });

  it('backs off on 503 (1 s doubling to 60 s), keeping entries pending, then succeeds', async () => {
    const { server, db, drain, clock, status } = await setup();
    server.failNextPushes = 9;
    await mutate(db, updateProfile, { userId: 'u1', changes: { firstName: 'Bea', lastName: 'Lee' } }, ctx);

    await drain.wake();
    expect(status).toMatchObject({ sending: false, lastError: 'The server is busy' });
    expect((await db.outbox.toArray())[0]).toMatchObject({ state: 'pending', lastError: 'The server is busy' });
    // A wake that brings no news does not cut the wait short.
    await drain.wake();
    expect(pushes(server)).toBe(1);

    for (let i = 0; i < 8; i++) {
      clock.fireAll();
      await drain.idle();
    }
    expect(clock.delays).toEqual([1_000, 2_000, 4_000, 8_000, 16_000, 32_000, 60_000, 60_000, 60_000]);
    expect(pushes(server)).toBe(9);

    clock.fireAll();
    await drain.idle();
    expect((await db.outbox.toArray())[0]?.state).toBe('sent');
    expect(status.lastError).toBeNull();
    // Success resets the backoff.
    server.failNextPushes = 1;
    await mutate(db, saveSetting, { userId: 'u1', values: { fleetDetailFilter: 1 } }, ctx);
    await drain.wake();
    expect(clock.delays.at(-1)).toBe(1_000);
  });

  it('spreads retry delays with jitter within ±20 %', async () => {
    const { server, db, api } = await setup();
    server.failNextPushes = 1;
    await mutate(db, updateProfile, { userId: 'u1', changes: { firstName: 'Bea', lastName: 'Lee' } }, ctx);
    const low = manualTimers();
    await new Drain({ db, api, clientId: 'client1', onApplied: () => undefined, report: () => undefined, timers: low.timers, random: () => 0 }).wake();
    expect(low.delays).toEqual([800]);
  });

  it('retries at once when forced (back online) instead of waiting out the backoff', async () => {
    const { server, db, drain, clock } = await setup();
    server.offline = true;
    await mutate(db, updateProfile, { userId: 'u1', changes: { firstName: 'Bea', lastName: 'Lee' } }, ctx);
    await drain.wake();
    expect(clock.pendingCount()).toBe(1);
    server.offline = false;
    await drain.wake({ force: true });
    expect(clock.pendingCount()).toBe(0);
    expect((await db.outbox.toArray())[0]?.state).toBe('sent');
  });

  it('pauses without a retry timer when no token can be had', async () => {
    const { db, clock, status } = await setup();
    const api: ApiClient = { request: async () => Promise.reject(new (await import('./errors.ts')).SignInRequiredError()) };
    const drain = new Drain({ db, api, clientId: 'client1', onApplied: () => undefined, report: (p) => Object.assign(status, p), timers: clock.timers });
    await mutate(db, updateProfile, { userId: 'u1', changes: { firstName: 'Bea', lastName: 'Lee' } }, ctx);
    await drain.wake();
    expect(status.signInRequired).toBe(true);
    expect(clock.pendingCount()).toBe(0);
    expect((await db.outbox.toArray())[0]?.state).toBe('pending');
  });

  it('never runs two drains at once', async () => {
    const { db, server } = await setup();
    const inner = server.api();
    let inFlight = 0;
    let maxInFlight = 0;
    const api: ApiClient = {
      async request(method, path, body) {
        inFlight++;
        maxInFlight = Math.max(maxInFlight, inFlight);
        await new Promise((r) => setTimeout(r, 5));
        try {
          return await inner.request(method, path, body);
        } finally {
          inFlight--;
        }
      },
    };
    const drain = new Drain({ db, api, clientId: 'client1', onApplied: () => undefined, report: () => undefined, timers: manualTimers().timers });
    await mutate(db, updateProfile, { userId: 'u1', changes: { firstName: 'Bea', lastName: 'Lee' } }, ctx);
    const first = drain.wake();
    await mutate(db, saveSetting, { userId: 'u1', values: { fleetDetailFilter: 1 } }, ctx);
    await Promise.all([first, drain.wake(), drain.wake()]);
    expect(maxInFlight).toBe(1);
    expect((await db.outbox.toArray()).map((e) => e.state)).toEqual(['sent', 'sent']);
    expect([...server.applied.values()]).toEqual([1, 1]);
  });
});
