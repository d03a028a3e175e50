import os from 'node:os';
import { isDeepStrictEqual } from 'node:util';

/** Wall time and peak resident memory of one piece of work. */
export async function measure<T>(work: () => Promise<T>): Promise<{ value: T; seconds: number; peakRssMb: number }> {
  let peak = process.memoryUsage().rss;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
  const start = performance.now();
  try {
    const value = await work();
    const seconds = (performance.now() - start) / 1000;
    peak = Math.max(peak, process.memoryUsage().rss);
    return { value, seconds, peakRssMb: peak / 1024 / 1024 };
  } finally {
    clearInterval(timer);
  }
}

/** The middle value (the upper middle of an even count): one slow or fast run does not move it. */
export const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

export function table(rows: Record<string, string | number>[]): void {
  console.table(rows);
}

/** The machine's load average (1, 5 and 15 minutes) and cores, printed beside figures: other work on the machine stretches wall time. */
export function loadAverage(): string {
  return `load average ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')} on ${os.cpus().length} cores`;
}

/** The first path at which two JSON values differ (with both values there), or null when they are equal. */
export function firstDifference(a: unknown, b: unknown, at = ''): string | null {
  if (isDeepStrictEqual(a, b)) return null;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return `${at || '(root)'}: ${JSON.stringify(a)} against ${JSON.stringify(b)}`;
  for (const key of new Set([...Object.keys(a), ...Object.keys(b)])) {
    const found = firstDifference((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key], `${at}.${key}`);
    if (found) return found;
  }
  return `${at}: differ`;
}
