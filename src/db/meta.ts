import type { MirrorDb } from './mirror.ts';

/** What the leader tab is doing, shared through the mirror so follower tabs can show it too. */
export interface LeaderStatus {
  sending: boolean;
  pulling: boolean;
  /** The last call failed for want of a token: "Sign in to sync". */
  signInRequired: boolean;
  /** The last call could not reach the server. */
  unreachable: boolean;
  lastError: string | null;
}

export const IDLE_LEADER_STATUS: LeaderStatus = { sending: false, pulling: false, signInRequired: false, unreachable: false, lastError: null };

/** Rows a build of the app could not read, as `table:id`, each with the cursor of the page that brought it. */
export interface SkippedRows {
  build: string;
  rows: { key: string; from: string }[];
}

/** The keys of `meta` and the type each holds. */
export interface MetaValues {
  /** Pull position: everything up to it is in the mirror. '' or absent: pull from the start. */
  cursor: string;
  /** This device's sync identity; the server acks and de-duplicates mutations per clientId. */
  clientId: string;
  lastSyncedAt: string;
  /** A full pull from an empty mirror has finished (cleared again by a reset). */
  bootstrapped: boolean;
  leaderStatus: LeaderStatus;
  leaderHeartbeat: { leaderId: string; at: number }; // src/sync/leader-heartbeat.ts
  /**
   * Acks of pages before the pull's last (src/sync/pull.ts): kept until a page without more arrives,
   * since a row a change was acked on may have a later version further on in the feed.
   */
  heldAcks: string[];
  /** Rows that failed their feed's schema, fetched again by the next build (src/sync/skipped.ts). */
  skippedRows: SkippedRows;
  /** A pull from the start under way: rows written so far of the total the server announced. */
  firstSync: FirstSyncProgress;
  /**
   * The first sync brought inspections without their answers (pull `answers=later`), and these are
   * still being fetched (src/sync/fill-answers.ts): from after this inspection id on, with the count so far.
   */
  answersPending: AnswersProgress;
}

export interface AnswersProgress {
  /** The `after` of the next answers page ('' for the first). */
  after: string;
  done: number;
  /** Announced by the first page; null until then. */
  total: number | null;
}

export interface FirstSyncProgress {
  done: number;
  total: number;
}
export type MetaKey = keyof MetaValues;

export async function getMeta<K extends MetaKey>(db: MirrorDb, key: K): Promise<MetaValues[K] | undefined> {
  const entry = await db.meta.get(key);
  return entry?.value as MetaValues[K] | undefined;
}

export async function setMeta<K extends MetaKey>(db: MirrorDb, key: K, value: MetaValues[K]): Promise<void> {
  await db.meta.put({ key, value });
}
