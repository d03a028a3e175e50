// Bootstrap of a device: the whole organization through GET /data/v1/sync/pull in pages of 1,000 and
// of 5,000, compressed as a browser asks and plain, beside a baseline that reads the same tables
// straight from the database and serializes them (no HTTP, no feed ordering, no paging). The gap is
// what the feed costs.
import { and, eq, isNull } from 'drizzle-orm';
import { startTestServer } from '../tests/support/server.ts';
import { signIn } from '../tests/support/sign-in.ts';
import { apiClient, BROWSER_ACCEPT_ENCODING } from '../tests/support/api.ts';
import { pullAll } from '../tests/support/sync.ts';
import { generateSeed } from '../server/seed/generate.ts';
import { writeSeed } from '../server/seed/write-seed.ts';
import { DEMO_PASSWORD, demoEmail } from '../server/seed/demo-users.ts';
import { syncColumnsOf } from '../server/sync/columns.ts';
import { loadAverage, measure, table } from './measure.ts';
import { PULL_LIMIT_MAX } from '../core/schema/sync.ts';

const VEHICLES = Number(process.env.BENCH_VEHICLES ?? 300);
const DAYS = Number(process.env.BENCH_DAYS ?? 30);

export async function run(): Promise<void> {
  const server = await startTestServer();
  try {
    const data = generateSeed({ orgs: 1, vehicles: VEHICLES, days: DAYS, today: new Date(Date.UTC(2026, 10, 1)) });
    const seeded = await measure(() => writeSeed(server.ctx, data));
    console.log(`seeded ${VEHICLES} vehicles x ${DAYS} days in ${seeded.seconds.toFixed(1)} s`);
    const tokens = await signIn(server.baseUrl, demoEmail('admin', 'wing-1'), DEMO_PASSWORD);
    // As a browser asks (brotli, as the devices that pull do), and plain (no compression, as the issue
    // first measured the pull): the gap between them is the compressing and the Node client's decoding.
    const browser = apiClient(server.baseUrl, tokens.accessToken, { 'accept-encoding': BROWSER_ACCEPT_ENCODING });
    const plain = apiClient(server.baseUrl, tokens.accessToken, { 'accept-encoding': 'identity' });
    const self = (await browser.get('/auth/users/self')).body as { orgId: string };

    const pulls = [
      { measure: 'feed: pull over HTTP, pages of 1000, brotli', run: () => pullAll(browser, { limit: 1000 }) },
      { measure: `feed: pull over HTTP, pages of ${PULL_LIMIT_MAX}, brotli`, run: () => pullAll(browser, { limit: PULL_LIMIT_MAX }) },
      { measure: `feed: pull over HTTP, pages of ${PULL_LIMIT_MAX}, plain`, run: () => pullAll(plain, { limit: PULL_LIMIT_MAX }) },
    ];
    // One pull first, untimed, so that every timed pull and the baseline (read last) find the database's
    // caches and the code's compilation as warm: the first timed pull used to pay for them alone.
    await pullAll(browser, { limit: PULL_LIMIT_MAX });
    const timed = [];
    for (const pull of pulls) timed.push({ measure: pull.measure, result: await measure(pull.run) });
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
    const baseline = await measure(async () => {
      let rows = 0;
      for (const entry of server.ctx.syncTables) {
        const c = syncColumnsOf(entry.table);
        const found = (await server.ctx.db
          .select()
          .from(entry.table)
          .where(and(eq(c.orgId, self.orgId), isNull(c.deletedAt)))) as Record<string, unknown>[];
        rows += JSON.stringify(found.map((r) => entry.toApi(r))).length > 0 ? found.length : 0;
      }
      return rows;
    });
    const row = (measure: string, rows: number, pages: number, m: { seconds: number; peakRssMb: number }) => ({
      measure,
      rows,
      pages,
      seconds: +m.seconds.toFixed(2),
      'x baseline': +(m.seconds / baseline.seconds).toFixed(2),
      'rows/s': Math.round(rows / m.seconds),
      'peak RSS MB': Math.round(m.peakRssMb),
    });
    console.log(loadAverage());
    table([
      ...timed.map(({ measure, result }) => row(measure, result.value.rows.size, result.value.pages.length, result)),
      row('baseline: read + serialize every table', baseline.value, 1, baseline),
    ]);
  } finally {
    await server.stop({ drop: true });
  }
}
