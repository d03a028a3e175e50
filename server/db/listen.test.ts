import { EventEmitter } from 'node:events';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type pg from 'pg';
import { listenWithReconnect } from './listen.ts';

/** A stand-in for pg.Client: each connect takes the next outcome from `plan`. */
function fakeClients(plan: boolean[]) {
  const made: FakeClient[] = [];
  class FakeClient extends EventEmitter {
    ended = false;
    queries: string[] = [];
    constructor() {
      super();
      made.push(this);
    }
    async connect() {
      if (!(plan.shift() ?? true)) throw new Error('connection refused');
    }
    async query(text: string) {
      this.queries.push(text);
    }
    async end() {
      this.ended = true;
    }
  }
  return { Client: FakeClient as unknown as typeof pg.Client, made };
}

afterEach(() => vi.useRealTimers());

describe('listenWithReconnect', () => {
  it('reconnects with backoff after a lost connection, listens again, and says so once', async () => {
    vi.useFakeTimers();
    const { Client, made } = fakeClients([true, false, false, true]);
    const onReconnect = vi.fn();
    const messages: string[] = [];
    const errors: string[] = [];
    const stop = await listenWithReconnect(Client, 'postgres://x', {
      channel: 'ch',
      onMessage: (p) => messages.push(p),
      onReconnect,
      onError: (e) => errors.push(e.message),
    });
    expect(made[0]!.queries).toEqual(['LISTEN ch']);
    made[0]!.emit('notification', { channel: 'ch', payload: 'one' });

    made[0]!.emit('error', new Error('terminated'));
    made[0]!.emit('end');
    await vi.advanceTimersByTimeAsync(999);
    expect(made).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1); // 1 s: refused
    await vi.advanceTimersByTimeAsync(2000); // 2 s more: refused
    expect(made).toHaveLength(3);
    await vi.advanceTimersByTimeAsync(3999);
    expect(onReconnect).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1); // 4 s more: back
    expect(made).toHaveLength(4);
    expect(made[3]!.queries).toEqual(['LISTEN ch']);
    expect(onReconnect).toHaveBeenCalledTimes(1);
    made[3]!.emit('notification', { channel: 'ch', payload: 'two' });
    made[3]!.emit('notification', { channel: 'other', payload: 'not ours' });
    expect(messages).toEqual(['one', 'two']);
    expect(errors).toEqual(['terminated', 'connection refused', 'connection refused']);

    await stop();
    expect(made[3]!.ended).toBe(true);
    made[3]!.emit('end');
    await vi.advanceTimersByTimeAsync(60_000);
    expect(made).toHaveLength(4);
  });

  it('waits at most 30 s between attempts, and stops retrying once closed', async () => {
    vi.useFakeTimers();
    const { Client, made } = fakeClients([true, ...Array(10).fill(false)]);
    const stop = await listenWithReconnect(Client, 'postgres://x', { channel: 'ch', onMessage: () => undefined, onError: () => undefined });
    made[0]!.emit('end');
    await vi.advanceTimersByTimeAsync(1000 + 2000 + 4000 + 8000 + 16000); // five refusals
    expect(made).toHaveLength(6);
    await vi.advanceTimersByTimeAsync(29_999);
    expect(made).toHaveLength(6);
    await vi.advanceTimersByTimeAsync(1);
    expect(made).toHaveLength(7);
    await stop();
    await vi.advanceTimersByTimeAsync(120_000);
    expect(made).toHaveLength(7);
  });
});
