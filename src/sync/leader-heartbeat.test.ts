import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { LEADER_STALE_MS } from './constants.ts';
import { beat, claimIfStale, isStale, readBeat } from './leader-heartbeat.ts';
import { freshDb } from './testing/fixtures.ts';

describe('leader heartbeat', () => {
  it('is stale only when older than three beats; a missing or future beat is not', () => {
    const at = 1_000_000;
    expect(isStale(undefined, at + 10 * LEADER_STALE_MS)).toBe(false);
    expect(isStale({ leaderId: 'a', at }, at + LEADER_STALE_MS)).toBe(false);
    expect(isStale({ leaderId: 'a', at }, at + LEADER_STALE_MS + 1)).toBe(true);
    expect(isStale({ leaderId: 'a', at }, at - 60_000)).toBe(false);
  });

  it('a later beat never overwrites another leader’s claim; a first beat does', async () => {
    const db = freshDb();
    expect(await beat(db, 'a', 1, true)).toBe(true);
    expect(await beat(db, 'a', 2, false)).toBe(true);
    expect(await readBeat(db)).toEqual({ leaderId: 'a', at: 2 });

    await db.meta.put({ key: 'leaderHeartbeat', value: { leaderId: 'b', at: 3 } });
    expect(await beat(db, 'a', 4, false)).toBe(false);
    expect(await readBeat(db)).toEqual({ leaderId: 'b', at: 3 });
    expect(await beat(db, 'c', 5, true)).toBe(true);
    expect(await readBeat(db)).toEqual({ leaderId: 'c', at: 5 });
  });

  it('claims the lead only from a stale beat, and only once for two tabs that look at once', async () => {
    const db = freshDb();
    expect(await claimIfStale(db, 'b', 100_000)).toBe(false); // no beat: nothing to take over
    await beat(db, 'a', 100_000, true);
    expect(await claimIfStale(db, 'b', 100_000 + LEADER_STALE_MS)).toBe(false);

    const late = 100_000 + LEADER_STALE_MS + 1;
    const [b, c] = await Promise.all([claimIfStale(db, 'b', late), claimIfStale(db, 'c', late)]);
    expect([b, c]).toEqual([true, false]);
    expect(await readBeat(db)).toEqual({ leaderId: 'b', at: late });
  });

  it('ignores a malformed stored value', async () => {
    const db = freshDb();
    await db.meta.put({ key: 'leaderHeartbeat', value: { leaderId: 7 } });
    expect(await readBeat(db)).toBeUndefined();
    expect(await beat(db, 'a', 1, false)).toBe(true);
  });
});
