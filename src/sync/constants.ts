import { PULL_LIMIT_MAX, PUSH_BATCH_MAX } from '../../core/schema/sync.ts';

/** Live stream (part 1 §9): give up on a socket that has not opened after this long. */
export const STREAM_CONNECT_TIMEOUT_MS = 4_000;
/** Live stream: the first reconnect waits about this long. */
export const STREAM_RECONNECT_INITIAL_MS = 1_000;
/** Live stream: each further failed attempt waits this factor longer ... */
export const STREAM_RECONNECT_FACTOR = 1.3;
/** ... up to this delay. */
export const STREAM_RECONNECT_MAX_MS = 10_000;
/** Live stream: a socket counts as healthy (the delay resets) only after staying open this long. */
export const STREAM_MIN_UPTIME_MS = 5_000;

/** Drain: the first retry after a transient failure waits this long, doubling each time ... */
export const DRAIN_BACKOFF_INITIAL_MS = 1_000;
/** ... up to this delay. */
export const DRAIN_BACKOFF_MAX_MS = 60_000;
/** Drain and pull retry on this timer even when nothing else wakes them. */
export const SYNC_TIMER_MS = 30_000;
/** Pull: the first retry after a failed pull waits this long, doubling each time ... */
export const PULL_BACKOFF_INITIAL_MS = 1_000;
/** ... up to this delay. A success starts again from the first. */
export const PULL_BACKOFF_MAX_MS = 60_000;
/** Mutations per push; the server refuses more. */
export const PUSH_BATCH_SIZE = PUSH_BATCH_MAX;
/**
 * Bytes of mutations per push: a quarter of the server's default body limit (1 MiB), so a batch of
 * legal changes never meets it; a single larger change goes alone.
 */
export const PUSH_BATCH_BYTES = 256 * 1024;

/**
 * Rows asked for per pull page: the server's largest. Each page costs the server a fixed price (a look at
 * every feed), so fewer, larger pages bootstrap about twice as fast as pages of 1,000 (docs/performance.md);
 * compressed (brotli, or gzip), a page of 5,000 small rows is at most about 350 KiB, 7 s at 400 kbit/s, well inside REQUEST_TIMEOUT_MS; the server ends
 * a page of large rows (inspections with their answers) sooner, at PULL_PAGE_BYTES.
 */
export const PULL_PAGE_LIMIT = PULL_LIMIT_MAX;
/** Rows asked for on the first page of a pull from the start: the organization's first rows show sooner. */
export const FIRST_PAGE_LIMIT = 1_000;
/** Rows written per bulkPut and per transaction, so no single task blocks the mirror for long. */
export const PULL_CHUNK_ROWS = 500;

/**
 * A pull goes on filling the answers a first sync left for later for about this long, then ends, so
 * that the next pull brings what changed meanwhile before it fills more (src/sync/fill-answers.ts).
 */
export const ANSWERS_BUDGET_MS = 2_000;

/** Any API call that has not answered after this long is treated as a lost connection. */
export const REQUEST_TIMEOUT_MS = 30_000;

/** Web Lock held by the tab that leads sync, suffixed with the mirror's database name. */
export const LEADER_LOCK_PREFIX = 'fleet-sync-leader-';
/** BroadcastChannel by which follower tabs ask the leader to sync now, suffixed like the lock. */
export const SYNC_NOW_CHANNEL_PREFIX = 'fleet-sync-now-';
/** The leading tab writes its heartbeat into the mirror this often. */
export const LEADER_HEARTBEAT_MS = 5_000;
/**
 * A heartbeat older than this (three beats) means the leading tab is frozen, suspended or throttled
 * to a crawl in the background: a visible tab takes the lead from it.
 */
export const LEADER_STALE_MS = 3 * LEADER_HEARTBEAT_MS;
/** A visible follower tab looks at the heartbeat this often (and on focus and visibility). */
export const LEADER_CHECK_MS = 5_000;
