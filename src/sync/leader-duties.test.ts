import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { getMeta } from '../db/meta.ts';
import type { Timers } from './backoff.ts';
import { PULL_BACKOFF_MAX_MS, SYNC_TIMER_MS } from './constants.ts';
import { ApiError, SignInRequiredError } from './errors.ts';
import { startLeaderDuties, type LeaderDuties } from './leader-duties.ts';
import { mutate } from './mutator.ts';
import { updateProfile } from '../data/mutators.ts';
import { pullOnce } from './pull.ts';
import type { PullRunner } from './pull-runner.ts';
import { FakeSyncServer, userRow } from './testing/fake-server.ts';
import { ctx, freshDb } from './testing/fixtures.ts';
import { settle, until } from './testing/wait.ts';
import type { UploadFile } from './upload-transport.ts';
import { queueFile } from '../files/queue-file.ts';

/** Timers the test fires by their delay: the 30 s sync tick apart from the pull's retries. */
function delayTimers() {
  let next = 1;
  const pending = new Map<number, { fn: () => void; ms: number }>();
  const timers: Timers = {
    setTimeout(fn, ms) {
      const id = next++;
      pending.set(id, { fn, ms });
      return id;
    },
    clearTimeout(handle) {
      pending.delete(handle as number);
    },
  };
  return {
    timers,
    /** The delays of the timers waiting, shortest first. */
    waiting: () => [...pending.values()].map((t) => t.ms).sort((x, y) => x - y),
    /** Fires the timers waiting with this delay. */
    fire(ms: number) {
      const due = [...pending.entries()].filter(([, t]) => t.ms === ms);
      if (due.length === 0) throw new Error(`No timer of ${ms} ms is waiting (waiting: ${[...pending.values()].map((t) => t.ms).join(', ')})`);
      for (const [id, t] of due) {
        pending.delete(id);
        t.fn();
      }
    },
  };
}

function setup(
  options: { runner?: (inPage: PullRunner) => PullRunner; stillLeading?: () => Promise<boolean>; upload?: UploadFile; onPullNotFound?: () => void } = {},
) {
  const server = new FakeSyncServer();
  server.write([{ t: 'users', id: 'u1', data: userRow('u1', 'Ann', 'Lee') }]);
  const db = freshDb();
  const api = server.api();
  const inPage: PullRunner = { pull: (clientId) => pullOnce({ db, api, clientId }), dispose: vi.fn() };
  const runner = options.runner?.(inPage) ?? inPage;
  const clock = delayTimers();
  // random 0.5: every delay is its nominal value.
  const duties: LeaderDuties = startLeaderDuties({
    db,
    api,
    clientId: 'client1',
    runner,
    timers: clock.timers,
    random: () => 0.5,
    stillLeading: options.stillLeading,
    upload: options.upload,
    onPullNotFound: options.onPullNotFound,
  });
  const pulls = () => server.requests.filter((r) => r.startsWith('GET /data/v1/sync/pull')).length;
  const pushes = () => server.requests.filter((r) => r.startsWith('POST /data/v1/sync/push')).length;
  const status = () => getMeta(db, 'leaderStatus');
  return { server, db, duties, clock, pulls, pushes, status, runner };
}

describe('leader duties', () => {
  beforeEach(() => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined); // "Pull failed" on purpose
    return () => vi.restoreAllMocks();
  });

  it('pulls on its 30 s timer every time, even while the live stream brings pokes', async () => {
    const { duties, clock, pulls } = setup();
    await until(() => pulls() === 1, 'the first pull');
    await settle();
    expect(clock.waiting()).toEqual([SYNC_TIMER_MS]);

    clock.fire(SYNC_TIMER_MS);
    await until(() => pulls() === 2, 'the timer pulled');
    clock.fire(SYNC_TIMER_MS);
    await until(() => pulls() === 3, 'the timer pulled again');
    duties.stop();
  });

  it('retries a failed pull with backoff, 1 s doubling to 60 s, and starts again from 1 s after a success', async () => {
    const { server, duties, clock, pulls, status } = setup();
    server.offline = true;
    await until(() => pulls() === 1, 'the first pull');
    await until(() => clock.waiting().includes(1_000), 'a retry in 1 s');
    expect((await status())?.unreachable).toBe(true);

    const seen: number[] = [];
    for (let attempt = 2; attempt <= 9; attempt++) {
      const delay = clock.waiting().find((ms) => ms !== SYNC_TIMER_MS)!;
      seen.push(delay);
      clock.fire(delay);
      await until(() => pulls() === attempt, `attempt ${attempt}`);
      await until(() => clock.waiting().length === 2, 'the next retry is set');
    }
    expect(seen).toEqual([1_000, 2_000, 4_000, 8_000, 16_000, 32_000, PULL_BACKOFF_MAX_MS, PULL_BACKOFF_MAX_MS]);

    // A poke or tick meanwhile pulls too; while the server is down it only lengthens the wait.
    server.offline = false;
    clock.fire(PULL_BACKOFF_MAX_MS);
    await until(async () => (await status())?.unreachable === false, 'the pull succeeded');
    await settle();
    expect(clock.waiting()).toEqual([SYNC_TIMER_MS]); // no retry left behind

    server.offline = true;
    void duties.pull();
    await until(() => clock.waiting().includes(1_000), 'the backoff starts again from 1 s');
    duties.stop();
    expect(clock.waiting()).toEqual([]);
  });

  it('an upload paused for a sign-in tries again on the 30 s timer: the token may be had by then', async () => {
    const sha256 = 'f'.repeat(64);
    let calls = 0;
    const upload: UploadFile = async ({ blob }) => {
      // The identity provider cannot be reached at first; it is back by the next tick.
      if (++calls === 1) throw new SignInRequiredError();
      return { sha256, mimeType: 'image/jpeg', sizeBytes: blob.size };
    };
    const { db, duties, clock } = setup({ upload });
    await queueFile(db, { sha256, blob: new Blob(['a photo']), mimeType: 'image/jpeg', filename: 'IMG_1.jpg' });
    await until(async () => (await db.blobs.get(sha256))?.lastError === 'Sign in to sync', 'the upload to pause for a sign-in');
    expect(calls).toBe(1);

    clock.fire(SYNC_TIMER_MS);
    await until(async () => (await db.blobs.get(sha256))?.state === 'finished', 'the upload to land');
    expect(calls).toBe(2);
    duties.stop();
  });

  it('a pull that needs a sign-in is not retried on a backoff; the next wake tries again', async () => {
    let signedIn = false;
    let attempts = 0;
    const { clock, duties, status } = setup({
      runner: (inPage) => ({
        pull: (clientId) => {
          attempts++;
          return signedIn ? inPage.pull(clientId) : Promise.reject(new SignInRequiredError());
        },
        dispose: () => undefined,
      }),
    });
    await until(async () => (await status())?.signInRequired === true, 'the pull asked for a sign-in');
    await settle();
    expect(clock.waiting()).toEqual([SYNC_TIMER_MS]);
    expect(attempts).toBe(1);

    signedIn = true;
    clock.fire(SYNC_TIMER_MS);
    await until(async () => (await status())?.signInRequired === false, 'the next tick pulled');
    expect(attempts).toBe(2);
    duties.stop();
  });

  it('a pull answered 401, 403 or 404 is not retried on a backoff (part 1 §8); the next tick tries again', async () => {
    for (const status of [401, 403, 404]) {
      let attempts = 0;
      const {
        clock,
        duties,
        status: leaderStatus,
      } = setup({
        runner: () => ({
          pull: () => {
            attempts++;
            return Promise.reject(new ApiError(status, { errorMessage: `status ${status}` }));
          },
          dispose: () => undefined,
        }),
      });
      await until(async () => (await leaderStatus())?.lastError === `status ${status}`, `the pull failed with ${status}`);
      await settle();
      expect(clock.waiting()).toEqual([SYNC_TIMER_MS]);
      expect(attempts).toBe(1);
      clock.fire(SYNC_TIMER_MS);
      await until(() => attempts === 2, 'the tick pulled');
      duties.stop();
    }
  });

  it("a pull answered 404 clears the mirror's data, keeps the waiting changes, and starts over once", async () => {
    let gone = false;
    let notFound = 0;
    const onPullNotFound = vi.fn();
    const { server, db, duties, clock, pulls, status } = setup({
      onPullNotFound,
      runner: (inPage) => ({
        pull: (clientId) => (gone ? (notFound++, Promise.reject(new ApiError(404, { errorMessage: 'Not found' }))) : inPage.pull(clientId)),
        dispose: () => undefined,
      }),
    });
    await until(() => pulls() === 1, 'the first pull');
    await until(async () => (await status())?.pulling === false, 'the first pull is done');
    expect(await db.feed('users').count()).toBe(1);
    gone = true; // the organization or the user is gone from the server
    server.failNextPushes = 100; // and a change made here waits to be sent
    await mutate(db, updateProfile, { userId: 'u1', changes: { firstName: 'Bea' } }, ctx);
    await duties.pull();
    expect(onPullNotFound).toHaveBeenCalledTimes(1);
    expect(await db.feed('users').count()).toBe(0);
    expect(await getMeta(db, 'cursor')).toBeUndefined();
    expect(await db.outbox.count()).toBe(1);

    // Nothing left to clear (as after the reload at /): a 404 now is no start-over again, no loop.
    clock.fire(SYNC_TIMER_MS);
    await until(() => notFound === 2, 'the tick pulled');
    await until(async () => (await status())?.pulling === false, 'the pull is done');
    await settle();
    expect(onPullNotFound).toHaveBeenCalledTimes(1);
    duties.stop();
  });

  it('a leader that learns another tab took over neither pulls nor pushes again, and stops', async () => {
    let leading = true;
    const { db, duties, clock, pulls, pushes, status, runner } = setup({ stillLeading: async () => leading });
    await until(() => pulls() === 1, 'the first pull');
    await until(async () => (await status())?.pulling === false, 'the first pull is done');

    leading = false; // another tab took the lead while this one was frozen
    await mutate(db, updateProfile, { userId: 'u1', changes: { firstName: 'Bea' } }, ctx);
    void duties.wake(true);
    void duties.pull();
    await settle();
    expect(pushes()).toBe(0);
    expect(pulls()).toBe(1);
    expect(runner.dispose).toHaveBeenCalled();
    expect(clock.waiting()).toEqual([]); // no tick, no retry: the duties have stopped
    expect(await db.outbox.count()).toBe(1); // left for the new leader
    expect((await status())?.lastError).toBeNull(); // and nothing written over its status
  });
});
