// Bootstrap of a device: the whole organization through GET /data/v1/sync/pull in pages of 1,000,
// beside a baseline that reads the same tables straight from the database and serializes them
// (no HTTP, no feed ordering, no paging). The gap is what the feed costs.
import { and, eq, isNull } from 'drizzle-orm';
import { startTestServer } from '../tests/support/server.ts';
import { signIn } from '../tests/support/sign-in.ts';
import { apiClient } from '../tests/support/api.ts';
import { pullAll } from '../tests/support/sync.ts';
import { generateSeed } from '../server/seed/generate.ts';
import { writeSeed } from '../server/seed/write-seed.ts';
import { DEMO_PASSWORD, demoEmail } from '../server/seed/demo-users.ts';
import { syncColumnsOf } from '../server/sync/columns.ts';
import { measure, table } from './measure.ts';
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
    const api = apiClient(server.baseUrl, tokens.accessToken);
    const self = (await api.get('/auth/users/self')).body as { orgId: string };

    const feed = await measure(() => pullAll(api, { limit: 1000 }));
    const bigPages = await measure(() => pullAll(api, { limit: PULL_LIMIT_MAX }));
    // One page of each size as it goes over the wire, gzipped (as browsers ask for it) and plain.
    const wire = async (limit: number, encoding: string) => {
      const res = await fetch(`${server.baseUrl}/data/v1/sync/pull?limit=${limit}`, {
        headers: { authorization: `Bearer ${tokens.accessToken}`, 'accept-encoding': encoding },
      });
      const length = Number(res.headers.get('content-length') ?? (await res.arrayBuffer()).byteLength);
      return Math.round(length / 1024);
    };
    for (const limit of [1000, PULL_LIMIT_MAX]) {
      console.log(`first page of ${limit} rows over the wire: ${await wire(limit, 'gzip')} KiB gzipped, ${await wire(limit, 'identity')} KiB plain`);
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
    const feedRows = feed.value.rows.size;
    table([
      {
        measure: 'feed: pull over HTTP, pages of 1000',
        rows: feedRows,
        pages: feed.value.pages.length,
        seconds: +feed.seconds.toFixed(2),
        'rows/s': Math.round(feedRows / feed.seconds),
        'peak RSS MB': Math.round(feed.peakRssMb),
      },
      {
        measure: `feed: pull over HTTP, pages of ${PULL_LIMIT_MAX}`,
        rows: bigPages.value.rows.size,
        pages: bigPages.value.pages.length,
        seconds: +bigPages.seconds.toFixed(2),
        'rows/s': Math.round(bigPages.value.rows.size / bigPages.seconds),
        'peak RSS MB': Math.round(bigPages.peakRssMb),
      },
      {
        measure: 'baseline: read + serialize every table',
        rows: baseline.value,
        pages: 1,
        seconds: +baseline.seconds.toFixed(2),
        'rows/s': Math.round(baseline.value / baseline.seconds),
        'peak RSS MB': Math.round(baseline.peakRssMb),
      },
    ]);
  } finally {
    await server.stop({ drop: true });
  }
}
