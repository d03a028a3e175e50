// The long run of the API fuzz test (tests/api/fuzz.test.ts, docs/performance.md "Fuzzing"):
// BENCH_FUZZ_RUNS runs per route (default 1,000) with a new seed, on PGlite, or on PostgreSQL when
// TEST_DATABASE_URL is set. Prints the wall time; a failure prints the seed and the replay command.
import { spawnSync } from 'node:child_process';
import os from 'node:os';
import { measure, table } from './measure.ts';

const RUNS = process.env.BENCH_FUZZ_RUNS ?? '1000';

export async function run(): Promise<void> {
  const { value: status, seconds } = await measure(async () => {
    const r = spawnSync('npx', ['vitest', 'run', '--project', 'api', 'tests/api/fuzz.test.ts'], { stdio: 'inherit', env: { ...process.env, FUZZ_RUNS: RUNS } });
    return r.status;
  });
  table([
    {
      database: process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite',
      'runs per route': RUNS,
      'wall time (s)': seconds.toFixed(1),
      'load average': os.loadavg()[0]!.toFixed(1),
      result: status === 0 ? 'passed' : 'FAILED',
    },
  ]);
  if (status !== 0) throw new Error('The fuzz run failed: its report above names the seed and the request');
}
