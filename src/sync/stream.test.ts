import { describe, expect, it, vi } from 'vitest';
import type { StreamMessage } from '../../core/schema/stream.ts';
import type { ApiClient } from './api.ts';
import { OfflineError } from './errors.ts';
import { LiveStream, streamUrl } from './stream.ts';
import { socketFactory } from './testing/fake-socket.ts';
import { manualTimers } from './testing/manual-timers.ts';

const flush = () => new Promise((r) => setTimeout(r, 0));
/** Timers asked for besides the 4 s connect timeout each attempt arms. */
const reconnectDelays = (delays: number[]) => delays.filter((d) => d !== 4_000);

function setup(api?: ApiClient) {
  let now = 0;
  let tickets = 0;
  const clock = manualTimers();
  const factory = socketFactory();
  const messages: StreamMessage[] = [];
  const onOpen = vi.fn();
  const connected: boolean[] = [];
  const stream = new LiveStream({
    api: api ?? { request: async () => ({ ticket: `t${++tickets}`, expiresIn: 30 }) },
    baseUrl: 'https://fleet.example.test',
    onMessage: (m) => messages.push(m),
    onOpen,
    onConnectedChange: (c) => connected.push(c),
    openSocket: factory.open,
    timers: clock.timers,
    now: () => now,
    random: () => 0.5,
  });
  return { stream, clock, factory, messages, onOpen, connected, advance: (ms: number) => (now += ms) };
}

describe('streamUrl', () => {
  it('opens a secure socket on the API host with the ticket', () => {
    expect(streamUrl('https://fleet.example.test', 'a b')).toBe('wss://fleet.example.test/stream/events?ticket=a+b');
    expect(streamUrl('http://localhost:3000', 't')).toBe('ws://localhost:3000/stream/events?ticket=t');
  });
});

describe('LiveStream', () => {
  it('passes on valid messages, ignores malformed ones, and reports each (re)connect', async () => {
    const { stream, factory, messages, onOpen, connected } = setup();
    stream.start();
    await flush();
    const socket = factory.sockets[0]!;
    expect(socket.url).toBe('wss://fleet.example.test/stream/events?ticket=t1');
    socket.open();
    socket.receive({ type: 'poke', rev: 7 });
    socket.receive('not json');
    socket.receive({ type: 'poke', rev: 'x' });
    expect(messages).toEqual([{ type: 'poke', rev: 7 }]);
    expect(onOpen).toHaveBeenCalledTimes(1);
    expect(connected).toEqual([true]);
    stream.stop();
    expect(socket.closed).toBe(true);
    expect(connected).toEqual([true, false]);
  });

  it('reconnects with delays growing by 1.3 from 1 s up to 10 s while connections keep failing', async () => {
    const { stream, clock, factory } = setup();
    stream.start();
    for (let i = 0; i < 12; i++) {
      await flush();
      factory.sockets.at(-1)!.drop();
      clock.fireAll();
    }
    const delays = reconnectDelays(clock.delays);
    expect(delays.slice(0, 10)).toEqual([1000, 1300, 1690, 2197, 2856, 3713, 4827, 6275, 8157, 10000]);
    expect(delays.slice(10)).toEqual([10_000, 10_000]);
    stream.stop();
  });

  it('resets the delay only after a connection stayed up 5 s', async () => {
    const { stream, clock, factory, advance } = setup();
    stream.start();
    await flush();
    factory.sockets[0]!.drop();
    clock.fireAll();
    await flush();
    // Up for 4.9 s: not long enough, the delay keeps growing.
    factory.sockets[1]!.open();
    advance(4_900);
    factory.sockets[1]!.drop();
    clock.fireAll();
    await flush();
    factory.sockets[2]!.open();
    advance(5_000);
    factory.sockets[2]!.drop();
    expect(reconnectDelays(clock.delays)).toEqual([1000, 1300, 1000]);
    stream.stop();
  });

  it('gives up on a socket that does not open within 4 s', async () => {
    const { stream, clock, factory } = setup();
    stream.start();
    await flush();
    expect(clock.delays).toEqual([4_000]);
    clock.fireAll();
    expect(factory.sockets[0]!.closed).toBe(true);
    expect(clock.delays).toEqual([4_000, 1_000]);
    stream.stop();
  });

  it('retries the ticket later when offline, and stops cleanly', async () => {
    const api: ApiClient = { request: async () => Promise.reject(new OfflineError()) };
    const { stream, clock, factory } = setup(api);
    stream.start();
    await flush();
    expect(factory.sockets).toHaveLength(0);
    expect(clock.pendingCount()).toBe(1);
    stream.stop();
    expect(clock.pendingCount()).toBe(0);
  });
});
