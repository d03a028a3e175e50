import { vi } from 'vitest';
import type { LeaderStatus } from '../../db/meta.ts';
import { Drain, type DrainOptions } from '../drain.ts';
import { pullOnce } from '../pull.ts';
import { FakeSyncServer, userRow } from './fake-server.ts';
import { freshDb } from './fixtures.ts';
import { manualTimers } from './manual-timers.ts';

/** A device whose mirror has pulled the fake server's user u1 (Ann Lee), with a drain on manual timers. */
export async function drainDevice(options: Pick<DrainOptions, 'maxBatchBytes' | 'holderAlive'> = {}) {
  const server = new FakeSyncServer();
  server.write([{ t: 'users', id: 'u1', data: userRow('u1', 'Ann', 'Lee') }]);
  const db = freshDb();
  const api = server.api();
  await pullOnce({ db, api, clientId: 'client1' });
  const clock = manualTimers();
  const status: Partial<LeaderStatus> = {};
  const onApplied = vi.fn();
  const drain = new Drain({ db, api, clientId: 'client1', onApplied, report: (p) => Object.assign(status, p), timers: clock.timers, random: () => 0.5, ...options });
  const pull = () => pullOnce({ db, api, clientId: 'client1' });
  const user = () => db.feed('users').get('u1');
  return { server, db, api, clock, status, onApplied, drain, pull, user };
}
