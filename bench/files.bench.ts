// Files in and out of the real server (PGlite; PostgreSQL too when TEST_DATABASE_URL is set): upload and
// download throughput of 1, 5 and 25 MiB files, and the latency of a small request (/healthz) sent every
// 20 ms meanwhile. Beside it, in the same process and on the same database, the previous layout (issue
// 17): the body read whole, its bytes written as one bytea in file_contents and read back whole.
// Usage: npm run bench -- files   (BENCH_FILES_ROUNDS: files per size, default 3)
import { createHash } from 'node:crypto';
import Fastify from 'fastify';
import { eq } from 'drizzle-orm';
import { fileUrl, uploadPath } from '../core/schema/file.ts';
import { fileContents } from '../server/db/schema/index.ts';
import type { Db } from '../server/db/client.ts';
import { startTestServer, type TestServer } from '../tests/support/server.ts';
import { orgWithAdmin } from '../tests/support/session.ts';
import { bigFile, streamedRequest } from '../tests/support/streamed-request.ts';
import { loadAverage, median, table } from './measure.ts';

const MiB = 1024 * 1024;
const SIZES = [1, 5, 25];
const ROUNDS = Number(process.env.BENCH_FILES_ROUNDS ?? 3);

/** The previous layout's two calls, on the same database and event loop as the server. */
async function previousLayout(db: Db): Promise<{ baseUrl: string; close(): Promise<void> }> {
  const app = Fastify({ bodyLimit: 30 * MiB });
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, payload, done) => done(null, payload));
  app.put<{ Params: { sha256: string } }>('/data/v1/files/:sha256', async (request) => {
    const bytes = request.body as Buffer;
    const sha256 = createHash('sha256').update(bytes).digest('hex');
    await db.transaction(async (tx) => {
      await tx.insert(fileContents).values({ sha256, bytes, sizeBytes: bytes.length }).onConflictDoNothing();
    });
    return { sha256 };
  });
  app.get<{ Params: { sha256: string } }>('/files/:sha256', async (request, reply) => {
    const [row] = await db.select().from(fileContents).where(eq(fileContents.sha256, request.params.sha256));
    return reply.header('content-type', 'image/png').send(row!.bytes);
  });
  const baseUrl = await app.listen({ port: 0, host: '127.0.0.1' });
  return { baseUrl, close: () => app.close() };
}

/** Sends /healthz every 20 ms until stopped; answers each answer's latency in ms. */
function probe(baseUrl: string) {
  const latencies: number[] = [];
  let stopped = false;
  const loop = (async () => {
    while (!stopped) {
      const start = performance.now();
      await fetch(`${baseUrl}/healthz`).then((r) => r.arrayBuffer());
      latencies.push(performance.now() - start);
      await new Promise((r) => setTimeout(r, 20));
    }
  })();
  return async () => {
    stopped = true;
    await loop;
    return latencies;
  };
}

interface Figures {
  mibPerSecond: number;
  probeP50: number;
  probeMax: number;
}

async function timed(server: TestServer, work: () => Promise<number>): Promise<Figures> {
  const stop = probe(server.baseUrl);
  const start = performance.now();
  const bytes = await work();
  const seconds = (performance.now() - start) / 1000;
  const latencies = await stop();
  return { mibPerSecond: bytes / MiB / seconds, probeP50: median(latencies), probeMax: Math.max(...latencies) };
}

async function runOn(label: string, server: TestServer): Promise<Record<string, string | number>[]> {
  const org = await orgWithAdmin(server);
  const token = org.admin.tokens.accessToken;
  const before = await previousLayout(server.ctx.db);
  const layouts = [
    { name: 'file store (now)', baseUrl: server.baseUrl },
    { name: 'bytea in the database (before)', baseUrl: before.baseUrl },
  ];
  const rows: Record<string, string | number>[] = [];
  let seed = 1000;
  for (const size of SIZES) {
    for (const layout of layouts) {
      const files = Array.from({ length: ROUNDS }, () => bigFile(size * MiB, seed++));
      const up = await timed(server, async () => {
        for (const file of files) {
          const res = await streamedRequest(`${layout.baseUrl}${uploadPath.build({ sha256: file.sha256 })}`, {
            method: 'PUT',
            headers: { authorization: `Bearer ${token}`, 'content-type': 'application/octet-stream', 'content-length': String(size * MiB) },
            body: file.chunks(),
          }).done;
          if (res.status !== 200) throw new Error(`${layout.name}: upload answered ${res.status} ${res.body}`);
        }
        return files.length * size * MiB;
      });
      const down = await timed(server, async () => {
        let bytes = 0;
        for (const file of files) {
          const res = await fetch(`${layout.baseUrl}${fileUrl(file.sha256)}`, { headers: { authorization: `Bearer ${token}` } });
          bytes += (await res.arrayBuffer()).byteLength;
        }
        return bytes;
      });
      rows.push({
        database: label,
        layout: layout.name,
        'size MiB': size,
        'upload MiB/s': up.mibPerSecond.toFixed(0),
        'healthz p50 / max ms (upload)': `${up.probeP50.toFixed(1)} / ${up.probeMax.toFixed(0)}`,
        'download MiB/s': down.mibPerSecond.toFixed(0),
        'healthz p50 / max ms (download)': `${down.probeP50.toFixed(1)} / ${down.probeMax.toFixed(0)}`,
      });
    }
  }
  await before.close();
  return rows;
}

export async function run(): Promise<void> {
  const rows: Record<string, string | number>[] = [];
  const { TEST_DATABASE_URL, ...rest } = process.env;
  for (const [label, url] of [['PGlite', undefined], ...(TEST_DATABASE_URL ? [['PostgreSQL', TEST_DATABASE_URL]] : [])] as const) {
    if (url) process.env.TEST_DATABASE_URL = url;
    else process.env = { ...rest };
    const server = await startTestServer();
    try {
      rows.push(...(await runOn(label, server)));
    } finally {
      await server.stop({ drop: true });
    }
  }
  if (TEST_DATABASE_URL) process.env.TEST_DATABASE_URL = TEST_DATABASE_URL;
  console.log(`${ROUNDS} files of each size, one after another; /healthz every 20 ms meanwhile. ${loadAverage()}`);
  table(rows);
}
