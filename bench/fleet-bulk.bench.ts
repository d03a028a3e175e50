// GET /data/v2/fleet/bulk at 5,000 vehicles with a year of history (bench/fleet-data.ts), over HTTP with a
// real token, on PGlite (the fleet-grid bench's cached database, made here when missing) and, when
// TEST_DATABASE_URL names a PostgreSQL server (scripts/start-test-postgres.sh), on PostgreSQL (a database
// kept there per data set, seeded when missing). Beside it, in the same run, the baseline: the rows made
// from scratch in memory (every summary folded from the narrowed histories, as the answer was made before
// the server kept summaries). Measured: the first answer with nothing kept (it makes and stores the
// summaries), the answer with the summaries kept, and the answers after a day of the fleet's work (one
// new inspection per vehicle in commission), which fold those writes in. The bench fails if an answer
// differs from the baseline's rows. The day's inspections are removed afterwards and the summaries made
// again, so the cached database is as it was.
import { and, desc, eq, inArray, isNull } from 'drizzle-orm';
import { nanoid } from 'nanoid';
import { fleetRowsFromSummaries } from '../core/rules/fleet-row.ts';
import { summarize } from '../core/rules/fleet-summary.ts';
import { fleetRowSchema, type FleetRow } from '../core/schema/fleet.ts';
import type { Principal } from '../server/auth/principal.ts';
import type { AppContext } from '../server/context.ts';
import { fleetSummaries, fleetSummaryClocks, inspections, users } from '../server/db/schema/index.ts';
import { DEMO_PASSWORD, demoEmail } from '../server/seed/demo-users.ts';
import { summarySources } from '../server/modules/vehicles/fleet-sources.ts';
import { readSnapshot } from '../server/sync/snapshot.ts';
import { apiClient } from '../tests/support/api.ts';
import { signIn } from '../tests/support/sign-in.ts';
import { fleetCacheDir, fleetDataOptions } from './fleet-data.ts';
import { onEachDatabase, type Target } from './fleet-grid/targets.ts';
import { loadAverage, table } from './measure.ts';
import { compareRows } from './fleet-grid/report.ts';

const RUNS = 3;
const ADMIN = demoEmail('admin', 'wing-1');

const seconds = (started: number) => (performance.now() - started) / 1000;

async function principalOf(ctx: AppContext): Promise<Principal> {
  const [u] = await ctx.db.select().from(users).where(eq(users.email, ADMIN));
  if (!u) throw new Error(`no user ${ADMIN}: the bench database is not seeded`);
  return { userId: u.id, orgId: u.orgId, email: u.email, givenName: u.firstName, familyName: u.lastName, role: null, isAdmin: true };
}

/** The baseline: every summary made from scratch, in memory, from one snapshot of the narrowed histories. */
async function fromScratch(ctx: AppContext, p: Principal): Promise<{ rows: FleetRow[]; seconds: number }> {
  const started = performance.now();
  const now = new Date();
  const { fleet, sources } = await readSnapshot(ctx.db, ctx.syncTables, p, async (s) => ({
    fleet: await s.liveFeeds(['vehicles', 'workflows', 'users']),
    sources: await summarySources(s, ctx.syncTables, p.orgId, now),
  }));
  const vehicles = fleet.vehicles.filter((v) => v.decommissionDate === null);
  const summaries = summarize(
    vehicles.map((v) => v.vehicleId),
    sources,
    now,
  );
  const rows = fleetRowsFromSummaries({ ...fleet, vehicles, summaries }, now);
  return { rows, seconds: seconds(started) };
}

/** A day of the fleet's work: a new inspection of each vehicle in commission, a copy of its latest, an hour ago. */
async function aDayOfInspections(ctx: AppContext, p: Principal): Promise<string[]> {
  const latest = await ctx.db
    .selectDistinctOn([inspections.vehicleId], { id: inspections.id })
    .from(inspections)
    .where(and(eq(inspections.orgId, p.orgId), isNull(inspections.deletedAt), isNull(inspections.parentInspectionId)))
    .orderBy(inspections.vehicleId, desc(inspections.inspectionDate));
  const ids = latest.map((r) => r.id);
  const added: string[] = [];
  for (let i = 0; i < ids.length; i += 500) {
    await ctx.write(p.orgId, undefined, async ({ tx, rev }) => {
      const rows = await tx
        .select()
        .from(inspections)
        .where(inArray(inspections.id, ids.slice(i, i + 500)));
      const copies = rows.map((row) => ({
        ...row,
        id: nanoid(),
        rev,
        inspectionDate: new Date(Date.now() - 3_600_000),
        createdAt: new Date(),
        updatedAt: new Date(),
      }));
      added.push(...copies.map((c) => c.id));
      await tx.insert(inspections).values(copies);
    });
  }
  return added;
}

async function measureOn(target: Target): Promise<Record<string, string | number>[]> {
  const { ctx } = target;
  const p = await principalOf(ctx);
  const api = apiClient(target.baseUrl, (await signIn(target.baseUrl, ADMIN, DEMO_PASSWORD)).accessToken);
  const bulk = async () => {
    const started = performance.now();
    const res = await api.get('/data/v2/fleet/bulk');
    if (res.status !== 200) throw new Error(`bulk answered ${res.status}: ${JSON.stringify(res.body)}`);
    return { rows: fleetRowSchema.array().parse(res.body), seconds: seconds(started) };
  };
  // The answer and the baseline are made seconds apart: a record may cross a window's edge in between.
  const checked: string[] = [];
  const check = (what: string, rows: FleetRow[], baseline: FleetRow[]) => checked.push(`${target.name}: ${compareRows(baseline, rows, ['the baseline', what])}`);
  const figures: Record<string, string | number>[] = [];
  const add = (measure: string, runs: number[], rows: number) =>
    figures.push({ database: target.name, measure, 'seconds (each run)': runs.map((s) => s.toFixed(2)).join(', '), rows });

  const baseline = await fromScratch(ctx, p);
  add('baseline: rows from scratch in memory', [baseline.seconds], baseline.rows.length);
  await ctx.db.delete(fleetSummaryClocks).where(eq(fleetSummaryClocks.orgId, p.orgId));
  const first = await bulk();
  check('the first answer', first.rows, baseline.rows);
  add('first answer, nothing kept (makes and stores the summaries)', [first.seconds], first.rows.length);
  const kept: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const answer = await bulk();
    check('the kept answer', answer.rows, baseline.rows);
    kept.push(answer.seconds);
  }
  add('answer with the summaries kept', kept, baseline.rows.length);

  const added = await aDayOfInspections(ctx, p);
  try {
    const folded = await bulk();
    const afterDay = await bulk();
    const scratch = await fromScratch(ctx, p);
    check('the answer after a day of inspections', folded.rows, scratch.rows);
    check('the next answer', afterDay.rows, scratch.rows);
    add(`after ${added.length} new inspections: the answer that folds them in, then the next`, [folded.seconds, afterDay.seconds], folded.rows.length);
    add('baseline after them: rows from scratch', [scratch.seconds], scratch.rows.length);
  } finally {
    for (let i = 0; i < added.length; i += 1000) await ctx.db.delete(inspections).where(inArray(inspections.id, added.slice(i, i + 1000)));
    // The kept summaries counted the inspections just removed (without tombstones): made again.
    await ctx.db.delete(fleetSummaries).where(eq(fleetSummaries.orgId, p.orgId));
    await ctx.db.delete(fleetSummaryClocks).where(eq(fleetSummaryClocks.orgId, p.orgId));
    await bulk();
  }
  for (const line of checked) console.log(line);
  return figures;
}

export async function run(): Promise<void> {
  const o = fleetDataOptions();
  const figures = await onEachDatabase(o, fleetCacheDir(o), { prefix: 'fleet_bench' }, measureOn);
  console.log(loadAverage());
  table(figures);
}
