// Seeding benchmark-size data: generateSeed, then writeSeed (rows as one JSON parameter per insert
// through jsonb_populate_recordset), beside a baseline that writes the same rows with Drizzle's
// insert().values() in the same chunks and transactions, each on a fresh database.
import { startTestServer } from '../tests/support/server.ts';
import { generateSeed } from '../server/seed/generate.ts';
import { SEED_CHUNK_ROWS, writeSeed } from '../server/seed/write-seed.ts';
import { SEED_TABLES, type SeedData, type SeedTableName } from '../server/seed/types.ts';
import { hashPassword } from '../server/auth/passwords.ts';
import type { AppContext } from '../server/context.ts';
import { measure, table } from './measure.ts';

const VEHICLES = Number(process.env.BENCH_VEHICLES ?? 300);
const DAYS = Number(process.env.BENCH_DAYS ?? 30);

async function drizzleInserts(ctx: AppContext, data: SeedData): Promise<number> {
  const passwordHash = await hashPassword(data.password);
  let rows = 0;
  for (const org of data.organizations) {
    for (const name of Object.keys(SEED_TABLES) as SeedTableName[]) {
      const own = (data.tables[name] as { orgId: string }[]).filter((r) => r.orgId === org.orgId).map((r) => (name === 'users' ? { ...r, passwordHash } : r));
      for (let i = 0; i < own.length; i += SEED_CHUNK_ROWS) {
        const chunk = own.slice(i, i + SEED_CHUNK_ROWS);
        // The rows are the table's insert rows; the union of tables does not narrow here.
        await ctx.write(org.orgId, undefined, ({ tx, rev }) => tx.insert(SEED_TABLES[name]).values(chunk.map((r) => ({ ...r, rev })) as never));
      }
      rows += own.length;
    }
  }
  return rows;
}

async function onFreshServer<T>(work: (ctx: AppContext) => Promise<T>) {
  const server = await startTestServer();
  try {
    return await measure(() => work(server.ctx));
  } finally {
    await server.stop({ drop: true });
  }
}

export async function run(): Promise<void> {
  const generated = await measure(async () => generateSeed({ orgs: 1, vehicles: VEHICLES, days: DAYS, today: new Date(Date.UTC(2026, 10, 1)) }));
  const data = generated.value;
  const rows = Object.values(data.tables).reduce((n, t) => n + t.length, 0);
  console.log(`${VEHICLES} vehicles x ${DAYS} days: ${rows} rows generated in ${generated.seconds.toFixed(2)} s`);
  const seeded = await onFreshServer((ctx) => writeSeed(ctx, data));
  const baseline = await onFreshServer((ctx) => drizzleInserts(ctx, data));
  table([
    {
      measure: 'writeSeed: jsonb_populate_recordset',
      rows,
      seconds: +seeded.seconds.toFixed(2),
      'rows/s': Math.round(rows / seeded.seconds),
      'peak RSS MB': Math.round(seeded.peakRssMb),
    },
    {
      measure: 'baseline: Drizzle insert().values()',
      rows: baseline.value,
      seconds: +baseline.seconds.toFixed(2),
      'rows/s': Math.round(baseline.value / baseline.seconds),
      'peak RSS MB': Math.round(baseline.peakRssMb),
    },
  ]);
}
