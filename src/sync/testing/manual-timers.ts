import type { Timers } from '../backoff.ts';

/** Timers a test fires by hand; `delays` lists every delay asked for, in order. */
export function manualTimers() {
  let next = 1;
  const pending = new Map<number, () => void>();
  const delays: number[] = [];
  const timers: Timers = {
    setTimeout(fn, ms) {
      const id = next++;
      pending.set(id, fn);
      delays.push(ms);
      return id;
    },
    clearTimeout(handle) {
      pending.delete(handle as number);
    },
  };
  return {
    timers,
    delays,
    pendingCount: () => pending.size,
    /** Runs every timer due now, as if its delay had passed. */
    fireAll() {
      const due = [...pending.entries()];
      pending.clear();
      for (const [, fn] of due) fn();
    },
  };
}
