import 'fake-indexeddb/auto';
import { nanoid } from 'nanoid';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MirrorDb } from '../db/mirror.ts';
import { startSync, type SyncEngine } from './engine.ts';
import { createUser, updateProfile } from '../data/mutators.ts';
import { LEADER_LOCK_PREFIX } from './constants.ts';
import { ApiError } from './errors.ts';
import { FakeSyncServer, userRow } from './testing/fake-server.ts';
import { fakeLocks } from './testing/fake-locks.ts';
import { socketFactory } from './testing/fake-socket.ts';
import { manualTimers } from './testing/manual-timers.ts';
import { noteEvent } from './testing/events.ts';

const session = {
  user: { userId: 'u1', orgId: 'org1', email: 'u1@example.test', givenName: 'Ann', familyName: 'Lee', name: 'Ann Lee', role: 'vco' as const, isAdmin: true },
  canSync: true,
  getAccessToken: async () => 'token',
};

/** Waits for something the engine does in the background (live queries, lock hand-over, pulls). */
async function until(check: () => boolean | Promise<boolean>, what: string): Promise<void> {
  for (let i = 0; i < 400; i++) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 5));
  }
  throw new Error(`Timed out waiting until ${what}`);
}

const engines: SyncEngine[] = [];
afterEach(() => {
  for (const engine of engines.splice(0)) engine.stop();
});

/** A device with two tabs open on the same mirror, each with its own live stream. */
function device(options: { isInspector?: boolean } = {}) {
  const server = new FakeSyncServer();
  server.write([{ t: 'users', id: 'u1', data: userRow('u1', 'Ann', 'Lee') }]);
  const name = `engine-${nanoid(6)}`;
  const locks = fakeLocks();
  const tab = () => {
    const sockets = socketFactory();
    const engine = startSync({
      db: new MirrorDb(name),
      session,
      baseUrl: 'https://fleet.example.test',
      isInspector: options.isInspector ?? false,
      onForbidden: () => undefined,
      api: server.api(),
      locks,
      openSocket: sockets.open,
      timers: manualTimers().timers,
    });
    engines.push(engine);
    return { engine, sockets };
  };
  const pulls = () => server.requests.filter((r) => r.startsWith('GET /data/v1/sync/pull')).length;
  return { server, tab, pulls, locks, name };
}

describe('startSync', () => {
  it('leads in one tab, which pulls and also drains the changes other tabs make', async () => {
    const { server, tab } = device();
    const a = tab();
    const b = tab();
    await until(() => a.engine.status.get().bootstrapped, 'the first pull finished');
    expect([a.engine.isLeader(), b.engine.isLeader()]).toEqual([true, false]);
    await until(() => b.engine.status.get().bootstrapped, 'the follower sees the pull');

    await b.engine.mutate(updateProfile, { userId: 'u1', changes: { firstName: 'Bea', lastName: 'Lee' } });
    expect(b.engine.touchedRows.get().has('users:u1')).toBe(true);
    await until(() => server.row('users', 'u1')?.firstName === 'Bea', 'the leader pushed the follower’s change');
    // The follower's live query may still be catching up with the entry itself, so wait for both.
    await until(() => b.engine.status.get().pending === 0 && b.engine.touchedRows.get().size === 0, 'the change was acked everywhere');
    expect(await b.engine.db.outbox.count()).toBe(0);
    expect(await b.engine.db.feed('users').get('u1')).toMatchObject({ firstName: 'Bea' });
  });

  it('hands leadership over when the leading tab stops', async () => {
    const { server, tab } = device();
    const a = tab();
    const b = tab();
    await until(() => a.engine.isLeader(), 'a leads');
    a.engine.stop();
    await until(() => b.engine.isLeader(), 'b leads');
    await b.engine.mutate(updateProfile, { userId: 'u1', changes: { firstName: 'Cy', lastName: 'Lee' } });
    await until(() => server.row('users', 'u1')?.firstName === 'Cy', 'b pushed');
  });

  it('pulls on a poke in the leading tab only, and on every (re)connect', async () => {
    const { server, tab, pulls } = device();
    const a = tab();
    const b = tab();
    await until(() => a.engine.status.get().bootstrapped && a.sockets.sockets.length > 0 && b.sockets.sockets.length > 0, 'both streams are opening');
    const [socketA, socketB] = [a.sockets.sockets[0]!, b.sockets.sockets[0]!];
    socketA.open();
    socketB.open();
    // One pull on taking the lead, one on connecting; the follower's connect pulls nothing.
    await until(() => pulls() === 2, 'the reconnect pull ran');
    await new Promise((r) => setTimeout(r, 30));
    expect(pulls()).toBe(2);

    server.write([{ t: 'sections', id: 's1', data: { sectionId: 's1', sectionName: 'Alpha' } }]);
    const before = pulls();
    socketB.receive({ type: 'poke', rev: server.rev });
    await new Promise((r) => setTimeout(r, 30));
    expect(pulls()).toBe(before);

    socketA.receive({ type: 'poke', rev: server.rev });
    await until(async () => (await b.engine.db.feed('sections').get('s1')) !== undefined, 'the poke pulled the new section');
  });

  it('shows live events in every tab, and none for an inspector', async () => {
    const { tab } = device();
    const a = tab();
    const b = tab();
    await until(() => a.sockets.sockets.length > 0 && b.sockets.sockets.length > 0, 'both streams are opening');
    a.sockets.sockets[0]!.open();
    b.sockets.sockets[0]!.open();
    const event = noteEvent('e1', new Date().toISOString());
    a.sockets.sockets[0]!.receive({ type: 'event', event });
    b.sockets.sockets[0]!.receive({ type: 'event', event });
    expect(a.engine.fleetUpdates.get()).toMatchObject({ connected: true, events: [event] });
    expect(b.engine.fleetUpdates.get().events).toEqual([event]);

    const inspector = device({ isInspector: true }).tab();
    await until(() => inspector.engine.status.get().bootstrapped, 'the inspector’s mirror is pulled');
    expect(inspector.sockets.sockets).toHaveLength(0);
  });

  it('adds events that arrive by pull while the stream is down', async () => {
    const { server, tab } = device();
    const a = tab();
    await until(() => a.engine.status.get().bootstrapped, 'the first pull finished');
    const event = noteEvent('e9', new Date(Date.now() + 1_000).toISOString());
    server.write([{ t: 'liveEvents', id: 'e9', data: event }]);
    await a.engine.syncNow();
    await until(() => a.engine.fleetUpdates.get().events.length === 1, 'the pulled event is listed');
    expect(a.engine.fleetUpdates.get().events[0]).toEqual(event);
  });

  it('keeps one clientId per mirror, whichever tab leads', async () => {
    const { tab, server } = device();
    const a = tab();
    await until(() => a.engine.status.get().bootstrapped, 'pulled');
    const clientId = (await a.engine.db.meta.get('clientId'))?.value;
    expect(typeof clientId).toBe('string');
    expect(server.requests.find((r) => r.includes('/sync/pull'))).toContain(`clientId=${clientId as string}`);
  });

  it("sends a new user's held change from its own tab after another tab took the lead while it waited to retry", async () => {
    const { server, tab, locks, name } = device();
    const a = tab();
    await until(() => a.engine.isLeader(), 'the first tab to lead');
    // The leader's push of the new user fails; it waits out its backoff (these timers never fire).
    server.failNextPushes = 1;
    const password = 'Correct-Horse-Battery-9';
    await a.engine.mutate(createUser, {
      userId: 'u9',
      orgId: 'org1',
      firstName: 'Cy',
      lastName: 'Doe',
      email: 'cy.doe@example.test',
      password,
      role: 'dispatcher',
      isAdmin: false,
      sectionId: 's1',
    });
    const pushRequests = () => server.requests.filter((r) => r.startsWith('POST /data/v1/sync/push')).length;
    await until(() => pushRequests() === 1 && server.failNextPushes === 0, 'the failed push');
    // Another tab takes the lead (this one was in the background); the password lives only here.
    void locks.request(`${LEADER_LOCK_PREFIX}${name}`, { steal: true }, () => new Promise(() => undefined)).catch(() => undefined);
    await until(() => !a.engine.isLeader(), 'the first tab to lose the lead');

    await until(() => server.pushes.length === 1, 'the held change sent again');
    expect(server.pushes[0]?.mutations[0]?.request.body).toMatchObject({ userId: 'u9', password });
    expect(server.row('users', 'u9')).toBeTruthy();
  });

  it('a pull answered 404 clears the mirror and starts over as a 403 does (part 1 §8 "404 on a refresh URL")', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined); // "Pull failed" on purpose
    const server = new FakeSyncServer();
    server.write([{ t: 'users', id: 'u1', data: userRow('u1', 'Ann', 'Lee') }]);
    const serverApi = server.api();
    let gone = false;
    let startedOver = 0;
    const engine = startSync({
      db: new MirrorDb(`engine-${nanoid(6)}`),
      session,
      baseUrl: '',
      isInspector: true,
      onForbidden: () => void startedOver++,
      api: {
        request: (method, path, body) =>
          gone && path.startsWith('/data/v1/sync/pull') ? Promise.reject(new ApiError(404, { errorMessage: 'Not found' })) : serverApi.request(method, path, body),
      },
      locks: fakeLocks(),
      timers: manualTimers().timers,
    });
    engines.push(engine);
    await until(() => engine.status.get().bootstrapped, 'the first pull finished');
    expect(await engine.db.feed('users').count()).toBe(1);

    gone = true;
    await engine.syncNow();
    expect(startedOver).toBe(1);
    expect(await engine.db.feed('users').count()).toBe(0);
    warn.mockRestore();
  });
});
