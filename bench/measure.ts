import os from 'node:os';

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
