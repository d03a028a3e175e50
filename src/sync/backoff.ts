/** Timers, injectable so tests can step through delays without faking the clock IndexedDB runs on. */
export interface Timers {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export const realTimers: Timers = {
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export interface BackoffOptions {
  initialMs: number;
  factor: number;
  maxMs: number;
  /** Spread of each delay around its nominal value (0.2: ±20 %), so many devices do not retry in step. */
  jitter: number;
  random?: () => number;
}

/** Growing delays between retries: initial, initial·factor, ... up to max; reset after a success. */
export class Backoff {
  private attempt = 0;

  constructor(private readonly options: BackoffOptions) {}

  next(): number {
    const { initialMs, factor, maxMs, jitter, random = Math.random } = this.options;
    const nominal = Math.min(maxMs, initialMs * factor ** this.attempt);
    this.attempt++;
    return Math.round(Math.min(maxMs, nominal * (1 - jitter + 2 * jitter * random())));
  }

  reset(): void {
    this.attempt = 0;
  }
}
