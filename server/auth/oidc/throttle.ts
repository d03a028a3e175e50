/**
 * Failed sign-ins per email, in memory: at most `limit` failures in a sliding window. Per instance,
 * which is enough to make online guessing slow; the argon2 cost does the rest.
 */
export class SignInThrottle {
  private readonly failures = new Map<string, number[]>();

  constructor(
    private readonly limit = 5,
    private readonly windowMs = 60_000,
    private readonly now: () => number = Date.now,
  ) {}

  /** Milliseconds until the next attempt is allowed; 0 when it is allowed now. */
  retryAfter(email: string): number {
    const recent = this.recent(key(email));
    if (recent.length < this.limit) return 0;
    return Math.max(0, recent[recent.length - this.limit]! + this.windowMs - this.now());
  }

  fail(email: string): void {
    const k = key(email);
    const recent = this.recent(k);
    recent.push(this.now());
    this.failures.set(k, recent);
    if (this.failures.size > 10_000) this.prune();
  }

  clear(email: string): void {
    this.failures.delete(key(email));
  }

  private recent(k: string): number[] {
    const since = this.now() - this.windowMs;
    return (this.failures.get(k) ?? []).filter((t) => t > since);
  }

  private prune(): void {
    for (const k of [...this.failures.keys()]) {
      const recent = this.recent(k);
      if (recent.length) this.failures.set(k, recent);
      else this.failures.delete(k);
    }
  }
}

const key = (email: string) => email.trim().toLowerCase();
