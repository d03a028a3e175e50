// Insights (issue 22): the five /insights calls and the monthly report per section, over HTTP with a real
// token, at 5,000 vehicles with a year of history (bench/fleet-data.ts, answers kept), on PGlite (a
// database in the bench cache, made here when missing) and, when TEST_DATABASE_URL names a PostgreSQL
// server (scripts/start-test-postgres.sh), on PostgreSQL (a database kept there per data set). Beside each
// call, in the same run, the baseline: the same answer computed in memory from the rows read out of the
// database (bench/insights-memory.ts). The bench fails if an answer differs from its baseline.
// Target: each call under 2 s.
//
// Only the database is made (no browser, no mirror), with the tables the figures read.
// BENCH_FLEET_VEHICLES, BENCH_FLEET_DAYS and BENCH_FLEET_TODAY as for the fleet benches;
// BENCH_INSIGHTS_RUNS (default 3) answers per call; BENCH_INSIGHTS_CALLS, a comma-separated list of
// words of the calls' names (e.g. "failures,excess"), measures only the calls that name one of them.
// Before the calls, the kept failures and figures (server/modules/insights/kept-failures.ts,
// kept-figures.ts) are made from scratch and timed, as the first read after their migration makes them,
// then the fold of a day of inspections (the last day's written again) is timed.
import { and, eq, gte, lt, sql } from 'drizzle-orm';
import type { ReportRange } from '../core/rules/report-range.ts';
import { insightsAnswerSchemas, insightsPaths, type InsightsCall, type InsightsQuery } from '../core/schema/insights.ts';
import { monthlyReportPath, monthlyReportSchema } from '../core/schema/monthly-report.ts';
import type { Db } from '../server/db/client.ts';
import { insightFigureClocks, inspectionFailureClocks, inspections, users } from '../server/db/schema/index.ts';
import { keepFailures } from '../server/modules/insights/kept-failures.ts';
import { keepFigures } from '../server/modules/insights/kept-figures.ts';
import type { KeptClock } from '../server/modules/insights/kept-by-revision.ts';
import { DEMO_PASSWORD, demoEmail } from '../server/seed/demo-users.ts';
import { apiClient } from '../tests/support/api.ts';
import { signIn } from '../tests/support/sign-in.ts';
import { fleetCacheDir, fleetDataOptions } from './fleet-data.ts';
import type { FleetDataOptions } from './fleet-data-types.ts';
import type { DataScope } from './fleet-grid/prepare.ts';
import { onEachDatabase, type Target } from './fleet-grid/targets.ts';
import {
  memoryFailuresOverview,
  memoryFailuresPerVehicle,
  memoryInspect,
  memoryMonthlyReport,
  memoryUsageExcess,
  memoryUsageTimeseries,
} from './insights-memory.ts';
import { firstDifference, loadAverage, table } from './measure.ts';

const RUNS = Number(process.env.BENCH_INSIGHTS_RUNS ?? 3);
const ONLY = (process.env.BENCH_INSIGHTS_CALLS ?? '').split(',').filter(Boolean);
const TARGET_SECONDS = 2;
const ADMIN = demoEmail('admin', 'wing-1');
const DAY_MS = 86_400_000;

/** The tables the figures read (and the organization and users, to sign in). */
const INSIGHTS_DATA: DataScope = {
  name: 'insights',
  tables: ['organizations', 'users', 'sections', 'workflows', 'vehicles', 'inspections', 'discrepancies', 'scheduledMx', 'ltis', 'pmis'],
};

/** The kept tables: made from scratch and folded before the calls are timed. */
const KEPT: [string, KeptClock, (db: Db, orgId: string) => Promise<void>][] = [
  ['failures', inspectionFailureClocks, keepFailures],
  ['figures', insightFigureClocks, keepFigures],
];

const seconds = (started: number) => (performance.now() - started) / 1000;
const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);

type Baseline = (db: Db, orgId: string) => Promise<unknown>;

interface Call {
  name: string;
  path: string;
  parse: (body: unknown) => unknown;
  baseline: Baseline;
  /** What the answer holds, for the table. */
  size: (answer: unknown) => string;
}

function calls(orgId: string, q: InsightsQuery, month: ReportRange, year: ReportRange, now: Date): Call[] {
  const query = `start=${q.start}&end=${q.end}`;
  const insight = (call: InsightsCall, baseline: (db: Db, orgId: string, q: InsightsQuery) => Promise<unknown>, size: (a: never) => string): Call => ({
    name: `GET ${insightsPaths[call].pattern}`,
    path: `${insightsPaths[call].build({})}?${query}`,
    parse: (body) => insightsAnswerSchemas[call].parse(body),
    baseline: (db, org) => baseline(db, org, q),
    size: size as (a: unknown) => string,
  });
  const report = (label: string, range: ReportRange): Call => ({
    name: `GET .../reports/monthly (${label})`,
    path: `${monthlyReportPath.build({ orgId })}?useOverview=false&startDate=${range.startDate}&endDate=${range.endDate}`,
    parse: (body) => monthlyReportSchema.parse(body),
    baseline: (db, org) => memoryMonthlyReport(db, org, range, now),
    size: (a) => `${(a as unknown[]).length} sections`,
  });
  return [
    insight(
      'inspect',
      memoryInspect,
      (a: { perDay: unknown[]; perInspector: unknown[]; perVehicle: unknown[] }) =>
        `${a.perDay.length} days x types, ${a.perInspector.length} inspectors x types, ${a.perVehicle.length} vehicles`,
    ),
    insight(
      'failuresOverview',
      memoryFailuresOverview,
      (a: { rules: { data: { details: unknown[] }[] }[] }) =>
        `${a.rules.length} rules, ${a.rules.reduce((n, r) => n + r.data.reduce((m, d) => m + d.details.length, 0), 0)} details`,
    ),
    insight(
      'failuresPerVehicle',
      memoryFailuresPerVehicle,
      (a: { vehicleTypes: { vehicles: unknown[] }[] }) => `${a.vehicleTypes.reduce((n, t) => n + t.vehicles.length, 0)} vehicles`,
    ),
    insight(
      'usageTimeseries',
      memoryUsageTimeseries,
      (a: { vehicles: unknown[]; months: unknown[] }) => `${a.vehicles.length} vehicles, ${a.months.length} vehicle months`,
    ),
    insight('usageExcess', memoryUsageExcess, (a: { vehicles: unknown[] }) => `${a.vehicles.length} vehicles`),
    report('last month of the history', month),
    report('the year', year),
  ];
}

/** Times making the kept failures and figures from scratch, as the first read after their migration does. */
async function keepFromScratch(target: Target, orgId: string): Promise<void> {
  const { db } = target.ctx;
  for (const [name, clock, keep] of KEPT) {
    await db.delete(clock).where(eq(clock.orgId, orgId));
    const started = performance.now();
    await keep(db, orgId);
    console.log(`${target.name}: the kept ${name} made from scratch in ${seconds(started).toFixed(2)} s (once, at the first read)`);
  }
}

/**
 * Times folding in a day of inspections, as the first read of a day does: the last day's inspections
 * are written again (a new revision, nothing else changed), then each kept table is brought up to it.
 */
async function keepOneDay(target: Target, orgId: string, day: Date): Promise<void> {
  const { ctx } = target;
  let written = 0;
  await ctx.write(orgId, undefined, async ({ tx, rev }) => {
    const rows = await tx
      .update(inspections)
      .set({ rev })
      .where(and(eq(inspections.orgId, orgId), gte(inspections.inspectionDate, day), lt(inspections.inspectionDate, new Date(day.getTime() + DAY_MS))))
      .returning({ id: inspections.id });
    written = rows.length;
  });
  for (const [name, , keep] of KEPT) {
    const started = performance.now();
    await keep(ctx.db, orgId);
    console.log(`${target.name}: the kept ${name} folded a day's ${written} inspections in ${seconds(started).toFixed(2)} s`);
  }
}

async function measureOn(target: Target, o: FleetDataOptions): Promise<Record<string, string | number>[]> {
  const { ctx } = target;
  const [admin] = await ctx.db.select().from(users).where(eq(users.email, ADMIN));
  if (!admin) throw new Error(`no user ${ADMIN}: the bench database is not seeded`);
  const [{ count } = { count: 0 }] = await ctx.db
    .select({ count: sql<number>`count(*)::int` })
    .from(inspections)
    .where(eq(inspections.orgId, admin.orgId));
  console.log(`${target.name}: ${count} inspections in the organization`);
  // Part 2 §9: the default range is a year back to today; the data's history ends the day before `today`.
  const today = o.today.getTime();
  const q: InsightsQuery = { start: day(today - 365 * DAY_MS), end: day(today) };
  const last = new Date(today - DAY_MS);
  const month = { startDate: `${day(last.getTime()).slice(0, 8)}01`, endDate: day(last.getTime()) };
  const now = new Date();
  await keepFromScratch(target, admin.orgId);
  await keepOneDay(target, admin.orgId, last);
  // Signed in after the kept tables' minute: the server closes a connection idle that long.
  const api = apiClient(target.baseUrl, (await signIn(target.baseUrl, ADMIN, DEMO_PASSWORD)).accessToken);
  const figures: Record<string, string | number>[] = [];
  const problems: string[] = [];
  const chosen = calls(admin.orgId, q, month, { startDate: q.start, endDate: day(Math.min(today, now.getTime())) }, now).filter(
    (c) => ONLY.length === 0 || ONLY.some((word) => c.name.includes(word)),
  );
  // Every answer over HTTP first, then the baselines: a baseline takes minutes at 5,000 vehicles, longer
  // than the server keeps an idle connection open, and the next call's fetch would meet a closed socket.
  const answers: { call: Call; runs: number[]; answer: unknown; bytes: number }[] = [];
  for (const call of chosen) {
    const runs: number[] = [];
    let answer: unknown;
    let bytes = 0;
    for (let i = 0; i < RUNS; i++) {
      const started = performance.now();
      const res = await api.get(call.path);
      if (res.status !== 200) throw new Error(`${call.name} answered ${res.status}: ${JSON.stringify(res.body).slice(0, 300)}`);
      answer = call.parse(res.body);
      runs.push(seconds(started));
      bytes = JSON.stringify(res.body).length;
    }
    console.log(`${target.name} ${call.name}: ${runs.map((s) => s.toFixed(2)).join(', ')} s`);
    answers.push({ call, runs, answer, bytes });
  }
  for (const { call, runs, answer, bytes } of answers) {
    const started = performance.now();
    const baseline = await call.baseline(ctx.db, admin.orgId);
    const baselineSeconds = seconds(started);
    const difference = firstDifference(answer, baseline);
    if (difference) problems.push(`${target.name} ${call.name}: the answer differs from the baseline at ${difference}`);
    figures.push({
      database: target.name,
      call: call.name,
      'SQL answer, s (each run)': runs.map((s) => s.toFixed(2)).join(', '),
      'baseline in memory, s': baselineSeconds.toFixed(2),
      answer: `${call.size(answer)}, ${Math.round(bytes / 1024)} KiB`,
      'same as baseline': difference ? 'NO' : 'yes',
    });
    console.log(`${target.name} ${call.name}: baseline ${baselineSeconds.toFixed(2)} s`);
  }
  if (problems.length > 0) throw new Error(problems.join('\n'));
  return figures;
}

export async function run(): Promise<void> {
  const started = performance.now();
  const o: FleetDataOptions = { ...fleetDataOptions(), answers: true };
  const figures = await onEachDatabase(o, fleetCacheDir(o), { scope: INSIGHTS_DATA, prefix: 'insights_bench' }, (target) => measureOn(target, o));
  console.log(loadAverage());
  table(figures);
  const slowest = Math.max(...figures.flatMap((f) => String(f['SQL answer, s (each run)']).split(', ').map(Number)));
  console.log(`target, every call under ${TARGET_SECONDS} s: ${slowest < TARGET_SECONDS ? 'met' : 'NOT met'} (slowest answer ${slowest.toFixed(2)} s)`);
  console.log(`insights bench: ${seconds(started).toFixed(0)} s in all`);
}
