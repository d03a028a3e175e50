// Bootstrap of a device: the whole organization through GET /data/v1/sync/pull in pages of 1,000 and
// of 5,000, compressed as a browser asks and plain, each answer decoded whole as a browser's network
// stack does (browser-like-get.ts), and once more decoded by Node's fetch; beside a baseline that reads
// the same tables straight from the database and serializes them (no HTTP, no feed ordering, no
// paging). The gap is what the feed costs.
import { and, eq, isNull } from 'drizzle-orm';
import { startTestServer } from '../tests/support/server.ts';
import { signIn } from '../tests/support/sign-in.ts';
import { apiClient, BROWSER_ACCEPT_ENCODING } from '../tests/support/api.ts';
import { pullAll } from '../tests/support/sync.ts';
import { generateSeed } from '../server/seed/generate.ts';
import { writeSeed } from '../server/seed/write-seed.ts';
import { DEMO_PASSWORD, demoEmail } from '../server/seed/demo-users.ts';
import { syncColumnsOf } from '../server/sync/columns.ts';
import { loadAverage, measure, median, table } from './measure.ts';
import { browserLikeGet } from './browser-like-get.ts';
import { checkAf1800Parity } from './af1800-parity.ts';
import type { Af1800Report } from '../core/schema/af1800.ts';
import { PULL_LIMIT_MAX } from '../core/schema/sync.ts';

const VEHICLES = Number(process.env.BENCH_VEHICLES ?? 300);
const DAYS = Number(process.env.BENCH_DAYS ?? 30);
const ROUNDS = Number(process.env.BENCH_PULL_ROUNDS ?? 9);

export async function run(): Promise<void> {
  const server = await startTestServer();
  try {
    const data = generateSeed({ orgs: 1, vehicles: VEHICLES, days: DAYS, today: new Date(Date.UTC(2026, 10, 1)) });
    const seeded = await measure(() => writeSeed(server.ctx, data));
    console.log(`seeded ${VEHICLES} vehicles x ${DAYS} days in ${seeded.seconds.toFixed(1)} s`);
    const tokens = await signIn(server.baseUrl, demoEmail('admin', 'wing-1'), DEMO_PASSWORD);
    // As a browser asks (brotli, as the devices that pull do), and plain (no compression, as the issue
    // first measured the pull), each answer read whole and decoded in one call as a browser's network
    // stack does (browser-like-get.ts); and brotli through Node's fetch, which decodes 16 KiB at a time
    // on the JS thread, as this bench measured before. The gap between brotli and plain is the
    // compressing and the decoding.
    const browser = browserLikeGet(server.baseUrl, tokens.accessToken, { 'accept-encoding': BROWSER_ACCEPT_ENCODING });
    const plain = browserLikeGet(server.baseUrl, tokens.accessToken, { 'accept-encoding': 'identity' });
    const nodeFetch = apiClient(server.baseUrl, tokens.accessToken, { 'accept-encoding': BROWSER_ACCEPT_ENCODING });
    const self = (await nodeFetch.get('/auth/users/self')).body as { orgId: string };

    const pull = async (api: Parameters<typeof pullAll>[0], limit: number) => {
      const { rows, pages } = await pullAll(api, { limit });
      return { rows: rows.size, pages: pages.length };
    };
    const baselineRead = async () => {
      let rows = 0;
      for (const entry of server.ctx.syncTables) {
        const c = syncColumnsOf(entry.table);
        const found = (await server.ctx.db
          .select()
          .from(entry.table)
          .where(and(eq(c.orgId, self.orgId), isNull(c.deletedAt)))) as Record<string, unknown>[];
        rows += JSON.stringify(found.map((r) => entry.toApi(r))).length > 0 ? found.length : 0;
      }
      return { rows, pages: 1 };
    };
    // The baseline last: its median is what every figure is compared with.
    const runs = [
      { measure: 'feed: pull over HTTP, pages of 1000, brotli', run: () => pull(browser, 1000) },
      { measure: `feed: pull over HTTP, pages of ${PULL_LIMIT_MAX}, brotli`, run: () => pull(browser, PULL_LIMIT_MAX) },
      { measure: `feed: pull over HTTP, pages of ${PULL_LIMIT_MAX}, brotli, decoded by Node's fetch`, run: () => pull(nodeFetch, PULL_LIMIT_MAX) },
      { measure: `feed: pull over HTTP, pages of ${PULL_LIMIT_MAX}, plain`, run: () => pull(plain, PULL_LIMIT_MAX) },
      { measure: 'baseline: read + serialize every table', run: baselineRead },
    ].map((r) => ({ ...r, rows: 0, pages: 0, seconds: [] as number[], peakRssMb: 0 }));
    // One pull first, untimed, so that every timed pull and the baseline find the database's caches and
    // the code's compilation as warm: the first timed pull used to pay for them alone. Then rounds of
    // every pull and the baseline in turn, each figure the median of its rounds: a single two-second run
    // moved by a third from one run of the bench to the next on this machine.
    await pull(browser, PULL_LIMIT_MAX);
    for (let round = 0; round < ROUNDS; round++) {
      for (const r of runs) {
        const m = await measure(r.run);
        Object.assign(r, m.value, { peakRssMb: Math.max(r.peakRssMb, m.peakRssMb) });
        r.seconds.push(m.seconds);
      }
    }
    // One page of each size as it goes over the wire: as a browser asks for it (brotli), gzipped and plain.
    const wire = async (limit: number, encoding: string) => {
      const res = await fetch(`${server.baseUrl}/data/v1/sync/pull?limit=${limit}`, {
        headers: { authorization: `Bearer ${tokens.accessToken}`, 'accept-encoding': encoding },
      });
      const length = Number(res.headers.get('content-length') ?? (await res.arrayBuffer()).byteLength);
      return Math.round(length / 1024);
    };
    for (const limit of [1000, PULL_LIMIT_MAX]) {
      console.log(
        `first page of ${limit} rows over the wire: ${await wire(limit, BROWSER_ACCEPT_ENCODING)} KiB brotli, ${await wire(limit, 'gzip')} KiB gzipped, ${await wire(limit, 'identity')} KiB plain`,
      );
    }
    // The forms a device makes from what it pulled are the server's: the month the data set ends in (its
    // first day, now the current month) and the month before (its whole).
    const { rows: pulled } = await pullAll(browser, { limit: PULL_LIMIT_MAX });
    for (const month of [
      { year: 2026, month: 11 },
      { year: 2026, month: 10 },
    ]) {
      const path = `/data/v1/organizations/${self.orgId}/reports/af1800/${month.year}/${String(month.month).padStart(2, '0')}`;
      const report = (await nodeFetch.get(path)).body as Af1800Report;
      console.log(`AF1800 ${month.year}-${month.month}: ${checkAf1800Parity(pulled, report, month)} forms the same on the device as on the server`);
    }
    const baseSeconds = median(runs.at(-1)!.seconds);
    console.log(`${loadAverage()}; medians of ${ROUNDS} rounds`);
    table(
      runs.map((r) => ({
        measure: r.measure,
        rows: r.rows,
        pages: r.pages,
        seconds: +median(r.seconds).toFixed(2),
        'x baseline': +(median(r.seconds) / baseSeconds).toFixed(2),
        'rows/s': Math.round(r.rows / median(r.seconds)),
        'rounds (s)': r.seconds.map((s) => s.toFixed(2)).join(' '),
        'peak RSS MB': Math.round(r.peakRssMb),
      })),
    );
  } finally {
    await server.stop({ drop: true });
  }
}
