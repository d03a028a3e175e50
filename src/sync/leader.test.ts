import { describe, expect, it, vi } from 'vitest';
import { requestLeadership } from './leader.ts';
import { fakeLocks } from './testing/fake-locks.ts';

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

  it('leads at once where Web Locks are missing', () => {
    const onLead = vi.fn();
    const tab = requestLeadership('db', onLead, undefined);
    expect(onLead).toHaveBeenCalled();
    expect(tab.isLeader()).toBe(true);
  });
});
