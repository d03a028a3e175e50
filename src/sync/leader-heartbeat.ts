import type { MetaValues } from '../db/meta.ts';
import type { MirrorDb } from '../db/mirror.ts';
import { LEADER_STALE_MS } from './constants.ts';

/**
 * The leading tab's heartbeat, kept in the mirror's `meta` under `leaderHeartbeat`: which leadership
 * term wrote it (`leaderId`, new each time a tab takes the lock) and when (ms since the epoch, by
 * this device's clock, which every tab shares).
 *
 * Why: a tab the browser freezes or suspends in the background keeps its Web Lock, so the lock alone
 * cannot tell a leader that works from one that stopped. A leader beats every LEADER_HEARTBEAT_MS; a
 * visible follower that finds the beat older than LEADER_STALE_MS claims the lead here and steals the
 * lock. A deposed leader that runs again finds another id here and stops (src/sync/leader.ts).
 */
export type LeaderBeat = MetaValues['leaderHeartbeat'];

const KEY = 'leaderHeartbeat';

function asBeat(value: unknown): LeaderBeat | undefined {
  if (!value || typeof value !== 'object') return undefined;
  const { leaderId, at } = value as Partial<LeaderBeat>;
  return typeof leaderId === 'string' && typeof at === 'number' && Number.isFinite(at) ? { leaderId, at } : undefined;
}

/** The heartbeat as the mirror holds it; undefined before any leader beat. */
export async function readBeat(db: MirrorDb): Promise<LeaderBeat | undefined> {
  return asBeat((await db.meta.get(KEY))?.value);
}

/**
 * A missing heartbeat is not stale: no leader has beaten yet (one that has just taken the lock, or a
 * tab of an app version without heartbeats), and taking the lead from it would only make two leaders.
 * A beat from the future (the clock was set back) is not stale either; the next beat corrects it.
 */
export function isStale(beat: LeaderBeat | undefined, now: number, staleMs = LEADER_STALE_MS): boolean {
  return beat !== undefined && now - beat.at > staleMs;
}

/**
 * One beat of the leading tab, in one transaction. The first beat of a term writes whatever was there
 * (the tab holds the lock). Later beats write only while the mirror still names this term: if another
 * tab has claimed the lead meanwhile, nothing is written and the answer is false — this tab was
 * frozen and has been replaced.
 */
export async function beat(db: MirrorDb, leaderId: string, at: number, first: boolean): Promise<boolean> {
  return db.transaction('rw', db.meta, async () => {
    const current = asBeat((await db.meta.get(KEY))?.value);
    if (!first && current && current.leaderId !== leaderId) return false;
    await db.meta.put({ key: KEY, value: { leaderId, at } satisfies LeaderBeat });
    return true;
  });
}

/**
 * A follower's claim, in one transaction: when the heartbeat is stale, writes this tab's beat and
 * answers true (the caller then steals the lock). Two tabs that look at the same moment are ordered
 * by the transaction: the second finds the first one's fresh claim and stays a follower.
 */
export async function claimIfStale(db: MirrorDb, leaderId: string, now: number, staleMs = LEADER_STALE_MS): Promise<boolean> {
  return db.transaction('rw', db.meta, async () => {
    const current = asBeat((await db.meta.get(KEY))?.value);
    if (!isStale(current, now, staleMs)) return false;
    await db.meta.put({ key: KEY, value: { leaderId, at: now } satisfies LeaderBeat });
    return true;
  });
}
