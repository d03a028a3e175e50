/**
 * Sign-in throttling by progressive delays, in memory (per instance). Three tiers, each a count of
 * failed sign-ins and the time of the last one (an attempt in progress counts as one, from its start):
 *
 * - the account from this client (email and client address): 5 failures free, then each attempt
 *   waits 5 s after the last failure, doubling with every further failure, at most 5 minutes;
 * - the client (its address, whatever the email): 20 failures free, then the same delays; many
 *   accounts tried from one address are slowed like one;
 * - the account (whatever the client): 20 failures free, then delays doubling from 5 s to at most
 *   1 minute; a stranger at one address cannot reach it cheaply, and at worst delays the owner by a
 *   minute, never locks them out.
 *
 * An attempt is counted when it starts (`begin`, synchronous: no await between the check and the
 * count), so concurrent guesses cannot all pass a check that counts them only afterwards. It ends as
 * `fail` (counted stays), `succeed` (the account's tiers are forgotten; the client's keeps its other
 * failures, so one good account does not buy a client new guesses) or `cancel` (not an attempt after
 * all). Neither of the last two lengthens a tier's wait or delays its forgetting: a client address
 * many people share (a NAT) is not kept slow by those who sign in. A refused attempt is not counted:
 * waiting is all it takes, and retrying early changes nothing. A tier with no failure for an hour is
 * forgotten.
 */

export interface TierPolicy {
  /** Failures allowed without any wait. */
  free: number;
  /** The wait after the first failure past `free`, in ms; it doubles with each further one. */
  baseDelayMs: number;
  maxDelayMs: number;
}

export interface ThrottlePolicy {
  accountFromClient: TierPolicy;
  client: TierPolicy;
  account: TierPolicy;
  /** A tier with no failure for this long is forgotten. */
  forgetAfterMs: number;
  /** At most this many tiers are remembered; the least recently failed go first. */
  maxEntries: number;
}

const SECOND = 1000;
const MINUTE = 60 * SECOND;

export const SIGN_IN_POLICY: ThrottlePolicy = {
  accountFromClient: { free: 5, baseDelayMs: 5 * SECOND, maxDelayMs: 5 * MINUTE },
  client: { free: 20, baseDelayMs: 5 * SECOND, maxDelayMs: 5 * MINUTE },
  account: { free: 20, baseDelayMs: 5 * SECOND, maxDelayMs: MINUTE },
  forgetAfterMs: 60 * MINUTE,
  maxEntries: 100_000,
};

interface Entry {
  /** Failed attempts, counting those still in progress. */
  failures: number;
  /** When the last attempt that failed began (-Infinity: none yet). */
  failedAt: number;
  /** When each attempt still in progress began. */
  pending: number[];
}

/** The time a tier's wait and its forgetting count from. */
const lastOf = (entry: Entry) => Math.max(entry.failedAt, ...entry.pending);

type TierName = 'accountFromClient' | 'client' | 'account';

/** The wait a tier imposes after `failures` failures, the last at `last`; 0 when none. */
export function tierWait(policy: TierPolicy, failures: number, last: number, now: number): number {
  if (failures < policy.free) return 0;
  const delay = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** Math.min(30, failures - policy.free));
  return Math.max(0, last + delay - now);
}

/** One sign-in attempt in progress; settle it exactly once. */
export interface Attempt {
  fail(): void;
  succeed(): void;
  cancel(): void;
}

export type Admission = { ok: true; attempt: Attempt } | { ok: false; retryAfterMs: number };

export class SignInThrottle {
  private readonly entries = new Map<string, Entry>();

  constructor(
    private readonly policy: ThrottlePolicy = SIGN_IN_POLICY,
    private readonly now: () => number = () => Date.now(),
  ) {}

  /**
   * Admits an attempt for this email from this client, counting it at once as a failure, or answers
   * how long to wait. Synchronous on purpose.
   */
  begin(email: string, client: string): Admission {
    const now = this.now();
    const keys = this.keysOf(email, client);
    let wait = 0;
    for (const [tier, key] of keys) {
      const entry = this.current(key, now);
      if (entry) wait = Math.max(wait, tierWait(this.policy[tier], entry.failures, lastOf(entry), now));
    }
    if (wait > 0) return { ok: false, retryAfterMs: wait };

    const counted = keys.map(([tier, key]) => {
      const entry = this.current(key, now) ?? { failures: 0, failedAt: -Infinity, pending: [] };
      entry.failures += 1;
      entry.pending.push(now);
      // Re-inserted, so the map's order is the order of the last attempt (for eviction).
      this.entries.delete(key);
      this.entries.set(key, entry);
      return { tier, key, entry };
    });
    this.evict(now);

    let settled = false;
    const settle = (how: 'fail' | 'succeed' | 'cancel') => {
      if (settled) return;
      settled = true;
      for (const { tier, key, entry } of counted) {
        // Forgotten (or evicted) meanwhile: nothing of this attempt is left to settle.
        if (this.entries.get(key) !== entry) continue;
        entry.pending.splice(entry.pending.indexOf(now), 1);
        if (how === 'fail') entry.failedAt = Math.max(entry.failedAt, now);
        else if (how === 'succeed' && tier !== 'client') this.entries.delete(key);
        else if (--entry.failures <= 0) this.entries.delete(key);
      }
    };
    return { ok: true, attempt: { fail: () => settle('fail'), succeed: () => settle('succeed'), cancel: () => settle('cancel') } };
  }

  /** How long an attempt for this email from this client would have to wait now (0: none). */
  retryAfter(email: string, client: string): number {
    const now = this.now();
    let wait = 0;
    for (const [tier, key] of this.keysOf(email, client)) {
      const entry = this.current(key, now);
      if (entry) wait = Math.max(wait, tierWait(this.policy[tier], entry.failures, lastOf(entry), now));
    }
    return wait;
  }

  get size(): number {
    return this.entries.size;
  }

  private keysOf(email: string, client: string): [TierName, string][] {
    // Bounded: no address is longer, and a long one costs no more memory than a short one.
    const account = normalizeEmail(email).slice(0, 320);
    return [
      ['accountFromClient', `p\u0000${account}\u0000${client}`],
      ['client', `c\u0000${client}`],
      ['account', `a\u0000${account}`],
    ];
  }

  private current(key: string, now: number): Entry | undefined {
    const entry = this.entries.get(key);
    if (entry && now - lastOf(entry) >= this.policy.forgetAfterMs) {
      this.entries.delete(key);
      return undefined;
    }
    return entry;
  }

  private evict(now: number): void {
    if (this.entries.size <= this.policy.maxEntries) return;
    // Oldest first (see begin): drop the forgotten ones, then the least recently tried.
    for (const [key, entry] of this.entries) {
      if (this.entries.size <= this.policy.maxEntries && now - lastOf(entry) < this.policy.forgetAfterMs) break;
      this.entries.delete(key);
    }
  }
}

export const normalizeEmail = (email: string) => email.trim().toLowerCase();
