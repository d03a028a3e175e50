// Many devices on one instance: N simulated devices, N doubling from 1 to 64, each pulling and
// pushing one change at a time as the app's sync does (a 503 waits its Retry-After, as the device's
// backoff does), against one server in a process of its own, on PGlite and, with TEST_DATABASE_URL,
// on PostgreSQL. Beside it, in the same run, the same server without load shedding
// (MAX_CONCURRENT_REQUESTS=0). Each N runs BENCH_LOAD_SECONDS (default 6); /healthz is asked every
// 50 ms meanwhile. Printed: requests answered per second, p50 and p99 of the answered, the share
// turned away (503), and /healthz's p99.
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import readline from 'node:readline';
import { nanoid } from 'nanoid';
import { signIn } from '../tests/support/sign-in.ts';
import { loadAverage, table } from './measure.ts';

const SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 6);
const DEVICES = [1, 2, 4, 8, 16, 32, 64];
/** A request not answered in this long counts as failed, as a device's fetch would give up. */
const TIMEOUT_MS = 30_000;

interface Served {
  baseUrl: string;
  email: string;
  password: string;
  vehicleIds: string[];
  child: ChildProcess;
}

async function serve(env: Record<string, string | undefined>): Promise<Served> {
  const child = spawn('npx', ['tsx', 'bench/load/server.ts'], { env: { ...process.env, ...env }, stdio: ['pipe', 'pipe', 'inherit'] });
  const lines = readline.createInterface({ input: child.stdout! });
  const [line] = (await once(lines, 'line')) as [string];
  return { ...(JSON.parse(line) as Omit<Served, 'child'>), child };
}

async function stop(served: Served): Promise<void> {
  served.child.stdin!.end();
  await once(served.child, 'exit');
}

const percentile = (values: number[], p: number) => {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
};

interface Round {
  answered: number[];
  shed: number;
  failed: number;
  health: number[];
}

async function timed(url: string, init: RequestInit): Promise<{ status: number; ms: number; retryAfter: number; text: string }> {
  const start = performance.now();
  try {
    const res = await fetch(url, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) });
    const text = await res.text();
    return { status: res.status, ms: performance.now() - start, retryAfter: Number(res.headers.get('retry-after') ?? 0), text };
  } catch {
    return { status: 0, ms: performance.now() - start, retryAfter: 0, text: '' };
  }
}

/** N devices for SECONDS: each pulls from its cursor, then pushes one vehicle edit, again and again. */
async function round(served: Served, token: string, devices: number): Promise<Round> {
  const result: Round = { answered: [], shed: 0, failed: 0, health: [] };
  const end = Date.now() + SECONDS * 1000;
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const count = (r: { status: number; ms: number }) => {
    if (r.status >= 200 && r.status < 300) result.answered.push(r.ms);
    else if (r.status === 503) result.shed++;
    else result.failed++;
  };
  const device = async (d: number) => {
    const clientId = nanoid();
    let cursor = '';
    let seq = 0;
    while (Date.now() < end) {
      const pull = await timed(`${served.baseUrl}/data/v1/sync/pull?cursor=${encodeURIComponent(cursor)}&limit=200`, { headers });
      count(pull);
      if (pull.status === 503) {
        await new Promise((r) => setTimeout(r, Math.max(1000, pull.retryAfter * 1000)));
        continue;
      }
      if (pull.status === 200) cursor = (JSON.parse(pull.text) as { cursor: string }).cursor;
      const vehicleId = served.vehicleIds[(d * 7 + seq) % served.vehicleIds.length]!;
      const body = JSON.stringify({
        clientId,
        mutations: [
          { id: nanoid(), seq: seq++, name: 'updateVehicle', request: { method: 'PATCH', path: `/data/v2/vehicles/${vehicleId}`, body: { hours: 100 + seq } } },
        ],
      });
      const push = await timed(`${served.baseUrl}/data/v1/sync/push`, { method: 'POST', headers, body });
      count(push);
      if (push.status === 503) await new Promise((r) => setTimeout(r, Math.max(1000, push.retryAfter * 1000)));
    }
  };
  const prober = (async () => {
    while (Date.now() < end) {
      const health = await timed(`${served.baseUrl}/healthz`, {});
      result.health.push(health.ms);
      await new Promise((r) => setTimeout(r, 50));
    }
  })();
  await Promise.all([...Array.from({ length: devices }, (_, d) => device(d)), prober]);
  return result;
}

async function series(label: string, env: Record<string, string | undefined>): Promise<Record<string, string | number>[]> {
  const served = await serve(env);
  try {
    const { accessToken } = await signIn(served.baseUrl, served.email, served.password);
    const rows: Record<string, string | number>[] = [];
    for (const devices of DEVICES) {
      const r = await round(served, accessToken, devices);
      const total = r.answered.length + r.shed + r.failed;
      rows.push({
        server: label,
        devices,
        'answered/s': Math.round(r.answered.length / SECONDS),
        'p50 ms': Math.round(percentile(r.answered, 50)),
        'p99 ms': Math.round(percentile(r.answered, 99)),
        '503 %': total === 0 ? 0 : Math.round((100 * r.shed) / total),
        failed: r.failed,
        'healthz p99 ms': Math.round(percentile(r.health, 99)),
      });
    }
    return rows;
  } finally {
    await stop(served);
  }
}

export async function run(): Promise<void> {
  const databases: [string, Record<string, string | undefined>][] = [['PGlite', { TEST_DATABASE_URL: '' }]];
  if (process.env.TEST_DATABASE_URL) databases.push(['PostgreSQL', {}]);
  for (const [name, env] of databases) {
    // BENCH_LOAD_LIMIT tries another limit than the server's default.
    const limit = process.env.BENCH_LOAD_LIMIT ? { MAX_CONCURRENT_REQUESTS: process.env.BENCH_LOAD_LIMIT } : {};
    const shed = await series(`${name}, shedding`, { ...env, ...limit });
    const unshed = await series(`${name}, no shedding`, { ...env, MAX_CONCURRENT_REQUESTS: '0' });
    table([...shed, ...unshed]);
    const peak = Math.max(...shed.map((r) => Number(r['answered/s'])));
    const at64 = Number(shed.at(-1)!['answered/s']);
    console.log(
      `${name}: at 64 devices ${at64}/s, ${Math.round((100 * at64) / peak)}% of the peak ${peak}/s; /healthz p99 at most ${Math.max(...shed.map((r) => Number(r['healthz p99 ms'])))} ms`,
    );
  }
  console.log(loadAverage());
}
