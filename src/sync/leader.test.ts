import 'fake-indexeddb/auto';
import { nanoid } from 'nanoid';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MirrorDb } from '../db/mirror.ts';
import type { ApiClient } from './api.ts';
import { LEADER_HEARTBEAT_MS, LEADER_STALE_MS } from './constants.ts';
import { startSync, type SyncEngine } from './engine.ts';
import { requestLeadership, type Leadership } from './leader.ts';
import { readBeat } from './leader-heartbeat.ts';
import { updateProfile } from '../data/mutators.ts';
import { FakeSyncServer, userRow } from './testing/fake-server.ts';
import { fakeLocks, type FakeLocks } from './testing/fake-locks.ts';
import { socketFactory } from './testing/fake-socket.ts';
import { manualTimers } from './testing/manual-timers.ts';
import { settle, until } from './testing/wait.ts';

const flush = () => new Promise((r) => setTimeout(r, 0));

describe('requestLeadership', () => {
  it('lets one tab lead and hands over when it goes', async () => {
    const locks = fakeLocks();
    const first = vi.fn();
    const second = vi.fn();
    const a = requestLeadership('db', first, locks);
    const b = requestLeadership('db', second, locks);
    await flush();
    expect([a.isLeader(), b.isLeader()]).toEqual([true, false]);
    expect(second).not.toHaveBeenCalled();

    a.release();
    await flush();
    expect([a.isLeader(), b.isLeader()]).toEqual([false, true]);
    expect(second).toHaveBeenCalledTimes(1);
    b.release();
  });

  it('uses one lock per mirror, so two accounts on one device each have a leader', async () => {
    const locks = fakeLocks();
    const a = requestLeadership('db-user1', () => undefined, locks);
    const b = requestLeadership('db-user2', () => undefined, locks);
    await flush();
    expect([a.isLeader(), b.isLeader()]).toEqual([true, true]);
  });

  it('a tab that stops while waiting never leads', async () => {
    const locks = fakeLocks();
    const a = requestLeadership('db', () => undefined, locks);
    const waiting = vi.fn();
    const b = requestLeadership('db', waiting, locks);
    b.release();
    a.release();
    await flush();
    expect(waiting).not.toHaveBeenCalled();
    expect(b.isLeader()).toBe(false);
  });

  it('leads at once where Web Locks are missing, and then neither beats nor takes over', async () => {
    const db = new MirrorDb(`leader-${nanoid(6)}`);
    const onLead = vi.fn();
    const tab = requestLeadership('db', onLead, undefined, { db, timers: manualTimers().timers });
    expect(onLead).toHaveBeenCalled();
    expect(tab.isLeader()).toBe(true);
    expect(await tab.stillLeading()).toBe(true);
    await settle();
    expect(await readBeat(db)).toBeUndefined();
  });
});

/**
 * Tabs of one device: one mirror, one lock manager, one clock the test moves. Each tab has its own
 * timers, fired only when the test lets that tab run (a frozen tab's never are), its own visibility,
 * and an `attend()` that plays the user turning to it (focus, visible again).
 */
function device() {
  const name = `leader-${nanoid(6)}`;
  const locks: FakeLocks = fakeLocks();
  let clock = 1_700_000_000_000;
  const leaderships: Leadership[] = [];
  const tab = (label: string, { withHeartbeat = true } = {}) => {
    const timers = manualTimers();
    const db = new MirrorDb(name);
    let visible = true;
    let attention: (() => void) | undefined;
    const onLead = vi.fn();
    const onLose = vi.fn();
    let term = 0;
    const leadership = requestLeadership(
      name,
      onLead,
      locks,
      withHeartbeat
        ? {
            db,
            onLose,
            timers: timers.timers,
            now: () => clock,
            isVisible: () => visible,
            onAttention: (check) => {
              attention = check;
              return () => (attention = undefined);
            },
            newLeaderId: () => `${label}${++term}`,
          }
        : {},
    );
    leaderships.push(leadership);
    return {
      leadership,
      onLead,
      onLose,
      /** The tab runs: every timer due fires (beats, checks). */
      run: () => timers.fireAll(),
      setVisible: (v: boolean) => (visible = v),
      attend: () => attention?.(),
    };
  };
  const heartbeat = () => readBeat(new MirrorDb(name));
  return {
    locks,
    tab,
    heartbeat,
    advance: (ms: number) => (clock += ms),
    now: () => clock,
    closeAll: () => leaderships.forEach((l) => l.release()),
  };
}

const cleanup: (() => void)[] = [];
afterEach(() => {
  for (const c of cleanup.splice(0)) c();
});

function withDevice() {
  const d = device();
  cleanup.push(d.closeAll);
  return d;
}

describe('leader heartbeat and takeover', () => {
  it('the leader beats into the mirror when it takes the lead and every 5 s after', async () => {
    const d = withDevice();
    const a = d.tab('a');
    await until(async () => (await d.heartbeat())?.leaderId === 'a1', 'the first beat');
    expect(await d.heartbeat()).toEqual({ leaderId: 'a1', at: d.now() });

    d.advance(LEADER_HEARTBEAT_MS);
    a.run();
    await until(async () => (await d.heartbeat())?.at === d.now(), 'the next beat');
    expect(await a.leadership.stillLeading()).toBe(true);
  });

  it('a visible follower takes the lead from a leader whose heartbeat stopped; the old leader stops', async () => {
    const d = withDevice();
    const a = d.tab('a');
    const b = d.tab('b');
    await until(async () => (await d.heartbeat())?.leaderId === 'a1', 'a beats');
    expect([a.leadership.isLeader(), b.leadership.isLeader()]).toEqual([true, false]);

    // a is frozen: its timers never fire, so its beat ages. b looks on its timer.
    d.advance(LEADER_STALE_MS + 1);
    b.run();
    await until(() => b.leadership.isLeader(), 'b takes the lead');
    expect(b.onLead).toHaveBeenCalledTimes(1);
    // The steal reaches a (here at once): it stops leading and its duties are stopped.
    await until(() => a.onLose.mock.calls.length === 1, 'a hears it lost the lock');
    expect(a.leadership.isLeader()).toBe(false);
    expect(await a.leadership.stillLeading()).toBe(false);
    await until(async () => (await d.heartbeat())?.leaderId === 'b1', 'b beats');
  });

  it('nobody takes over from a leader that beats, nor before three beats are missed, nor while hidden', async () => {
    const d = withDevice();
    const a = d.tab('a');
    const b = d.tab('b');
    await until(async () => (await d.heartbeat())?.leaderId === 'a1', 'a beats');

    d.advance(LEADER_STALE_MS); // exactly three beats: not yet
    b.run();
    b.attend();
    await settle();
    expect(b.leadership.isLeader()).toBe(false);

    a.run(); // a beats now
    await until(async () => (await d.heartbeat())?.at === d.now(), 'a beat again');
    d.advance(LEADER_STALE_MS);
    b.run();
    await settle();
    expect(b.leadership.isLeader()).toBe(false);

    // a stops beating; b is in the background and leaves it be until the user turns to it.
    d.advance(LEADER_STALE_MS);
    b.setVisible(false);
    b.run();
    b.attend();
    await settle();
    expect(b.leadership.isLeader()).toBe(false);
    b.setVisible(true);
    b.attend();
    await until(() => b.leadership.isLeader(), 'b takes the lead once visible');
    expect(a.onLose).toHaveBeenCalledTimes(1);
  });

  it('a frozen leader that runs again before it hears of the steal stops at its next beat and does not take the lead back', async () => {
    const d = withDevice();
    const a = d.tab('a');
    const b = d.tab('b');
    await until(async () => (await d.heartbeat())?.leaderId === 'a1', 'a beats');

    d.locks.holdStealNotices = true; // a is frozen: the notice waits in its task queue
    d.advance(LEADER_STALE_MS + 1);
    b.run();
    await until(() => b.leadership.isLeader(), 'b takes the lead');
    await until(async () => (await d.heartbeat())?.leaderId === 'b1', 'b beats');
    expect(a.leadership.isLeader()).toBe(true); // a cannot know yet
    expect(a.onLose).not.toHaveBeenCalled();

    // a runs again: its beat timer fires first and finds b's id.
    a.run();
    await until(() => a.onLose.mock.calls.length === 1, 'a gives the lead up');
    expect(a.leadership.isLeader()).toBe(false);
    expect(await d.heartbeat()).toMatchObject({ leaderId: 'b1' }); // a wrote nothing over it
    d.locks.deliverStealNotices();
    await settle();
    expect(a.onLose).toHaveBeenCalledTimes(1);

    // a, visible again, waits in line: b beats, so a leaves it the lead.
    d.advance(LEADER_HEARTBEAT_MS);
    b.run();
    await until(async () => (await d.heartbeat())?.at === d.now(), 'b beat again');
    d.advance(LEADER_HEARTBEAT_MS);
    a.run();
    a.attend();
    await settle();
    expect([a.leadership.isLeader(), b.leadership.isLeader()]).toEqual([false, true]);
    expect(a.onLead).toHaveBeenCalledTimes(1);

    // When b goes, a is next in line.
    b.leadership.release();
    await until(() => a.leadership.isLeader(), 'a leads again');
    expect(a.onLead).toHaveBeenCalledTimes(2);
  });

  it('a deposed leader learns it from stillLeading before any duty runs', async () => {
    const d = withDevice();
    const a = d.tab('a');
    const b = d.tab('b');
    await until(async () => (await d.heartbeat())?.leaderId === 'a1', 'a beats');
    d.locks.holdStealNotices = true;
    d.advance(LEADER_STALE_MS + 1);
    b.run();
    await until(() => b.leadership.isLeader(), 'b takes the lead');

    expect(await a.leadership.stillLeading()).toBe(false);
    expect(a.onLose).toHaveBeenCalledTimes(1);
    expect(await b.leadership.stillLeading()).toBe(true);
  });

  it('of two visible followers only one takes the lead', async () => {
    const d = withDevice();
    d.tab('a');
    const b = d.tab('b');
    const c = d.tab('c');
    await until(async () => (await d.heartbeat())?.leaderId === 'a1', 'a beats');
    d.advance(LEADER_STALE_MS + 1);
    b.run();
    c.run();
    await until(() => b.leadership.isLeader() || c.leadership.isLeader(), 'one takes the lead');
    await settle();
    expect([b.leadership.isLeader(), c.leadership.isLeader()].filter(Boolean)).toHaveLength(1);
    expect(b.onLose.mock.calls.length + c.onLose.mock.calls.length).toBe(0);
  });

  it('never takes over from a leader that has not beaten (an app version without heartbeats)', async () => {
    const d = withDevice();
    const old = d.tab('old', { withHeartbeat: false });
    const b = d.tab('b');
    expect(old.leadership.isLeader()).toBe(true);
    d.advance(10 * LEADER_STALE_MS);
    b.run();
    b.attend();
    await settle();
    expect(b.leadership.isLeader()).toBe(false);
    expect(await d.heartbeat()).toBeUndefined();
  });
});

const session = {
  user: { userId: 'u1', orgId: 'org1', email: 'u1@example.test', givenName: 'Ann', familyName: 'Lee', name: 'Ann Lee', role: 'vco' as const, isAdmin: true },
  canSync: true,
  getAccessToken: async () => 'token',
};

describe('takeover through startSync', () => {
  const engines: SyncEngine[] = [];
  afterEach(() => {
    for (const engine of engines.splice(0)) engine.stop();
    vi.useRealTimers();
  });

  it('a frozen leading tab is replaced; when it runs again it neither pulls nor pushes, and the new leader sends every change', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const server = new FakeSyncServer();
    server.write([{ t: 'users', id: 'u1', data: userRow('u1', 'Ann', 'Lee') }]);
    const name = `engine-${nanoid(6)}`;
    const locks = fakeLocks();
    const calls: string[] = [];
    const tab = (label: string) => {
      const timers = manualTimers();
      const serverApi = server.api();
      const api: ApiClient = { request: (method, path, body) => (calls.push(`${label} ${method} ${path.split('?')[0]}`), serverApi.request(method, path, body)) };
      const engine = startSync({
        db: new MirrorDb(name),
        session,
        baseUrl: 'https://fleet.example.test',
        isInspector: true,
        onForbidden: () => undefined,
        api,
        locks,
        openSocket: socketFactory().open,
        timers: timers.timers,
      });
      engines.push(engine);
      return { engine, run: () => timers.fireAll() };
    };
    const a = tab('a');
    const b = tab('b');
    await until(() => a.engine.isLeader() && a.engine.status.get().bootstrapped, 'a leads and has pulled');
    await until(async () => (await readBeat(a.engine.db)) !== undefined, 'a beats');

    // a freezes: its timers stop and it will hear of the steal only when it runs again.
    locks.holdStealNotices = true;
    vi.setSystemTime(Date.now() + LEADER_STALE_MS + 1);
    b.run();
    await until(() => b.engine.isLeader(), 'b leads');
    await until(() => calls.includes('b GET /data/v1/sync/pull'), 'b pulled on taking the lead');

    await b.engine.mutate(updateProfile, { userId: 'u1', changes: { firstName: 'Bea' } });
    await until(() => server.row('users', 'u1')?.firstName === 'Bea', 'b pushed its change');

    // a runs again: every timer it had fires (beat, 30 s sync tick), then the steal notice arrives.
    const before = calls.length;
    a.run();
    await until(() => !a.engine.isLeader(), 'a stops leading');
    locks.deliverStealNotices();
    await a.engine.mutate(updateProfile, { userId: 'u1', changes: { firstName: 'Cy' } });
    await until(() => server.row('users', 'u1')?.firstName === 'Cy', 'b pushed a’s change');
    await settle();
    expect(calls.slice(before).filter((c) => c.startsWith('a '))).toEqual([]);
    expect([a.engine.isLeader(), b.engine.isLeader()]).toEqual([false, true]);
  });
});
