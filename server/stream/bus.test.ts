import { describe, expect, it } from 'vitest';
import { EventBus } from './bus.ts';
import type { StreamMessage } from '../../core/schema/stream.ts';

describe('EventBus.pokeAll', () => {
  it('pokes every subscribed organization here with its own revision, and no one else', async () => {
    const bus = new EventBus();
    const got: Record<string, StreamMessage[]> = { a1: [], a2: [], b: [] };
    bus.subscribe('org-a', (m) => got.a1!.push(m));
    bus.subscribe('org-a', (m) => got.a2!.push(m));
    const leave = bus.subscribe('org-b', (m) => got.b!.push(m));
    leave();
    const asked: string[][] = [];
    await bus.pokeAll(async (orgIds) => {
      asked.push(orgIds);
      return new Map([['org-a', 7]]);
    });
    expect(asked).toEqual([['org-a']]);
    expect(got).toEqual({ a1: [{ type: 'poke', rev: 7 }], a2: [{ type: 'poke', rev: 7 }], b: [] });
  });
});
