import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { Rng } from '../../core/testing/seeded-random.ts';
import { insightsAnswerSchemas, insightsPaths } from '../../core/schema/insights.ts';
import { monthlyReportPath, monthlyReportSchema } from '../../core/schema/monthly-report.ts';
import type { Queryable } from '../../server/db/client.ts';
import { insightFigureClocks, inspections, orgClocks, vehicles } from '../../server/db/schema/index.ts';
import { inspectInsight } from '../../server/modules/insights/inspect-sql.ts';
import { splitMonths } from '../../server/modules/insights/kept-figures.ts';
import { dayRange } from '../../server/modules/insights/sql.ts';
import { orgTimeZone } from '../../server/modules/organization/queries.ts';
import { usageExcess, usageTimeseries } from '../../server/modules/insights/usage-sql.ts';
import { monthlyReport } from '../../server/modules/reports/monthly-sql.ts';
import { purgeTombstones } from '../../server/sync/tombstones.ts';
import { addInspections, addVehicle, fail, pass, type InspectionRowSpec, type Vehicle } from '../support/insight-rows.ts';
import { useServerWithOrg } from '../support/session.ts';
import { updateRows } from '../support/table-rows.ts';

/**
 * The usage and inspection-time figures and the monthly report read from the kept months and days
 * (server/modules/insights/kept-figures.ts) equal the same figures summed from the inspections, over
 * ranges of whole months, ranges with partial months at either end and ranges inside one month,
 * whatever is written between two reads: inspections added, rewritten, deleted, moved to another day
 * or vehicle, a vehicle retyped or deleted, tombstones purged, the organization's zone changed. The
 * organization works in Anchorage's days (UTC-9, UTC-8 from 8 March 2026), so a day or month the
 * kept figures hold is never a UTC one.
 */

const env = useServerWithOrg();
const rng = new Rng(20261127);
type Range = [string, string];
const RANGES: Range[] = [
  ['2026-01-01', '2026-04-30'],
  ['2026-01-15', '2026-03-10'],
  ['2026-02-03', '2026-02-20'],
  ['2026-02-01', '2026-02-28'],
  ['2025-12-20', '2026-05-05'],
  ['2026-03-31', '2026-04-01'],
  // June holds inspections on its 5th to 20th only: the part of June in range is the kept month.
  ['2026-05-10', '2026-06-25'],
  ['2026-06-01', '2026-06-22'],
];
/** The calls that read the kept figures: each one's path over a range, and the same answer computed in a transaction. */
const CALLS = {
  ...Object.fromEntries(
    (['inspect', 'usageTimeseries', 'usageExcess'] as const).map((call) => [
      call,
      {
        path: ([start, end]: Range) => `${insightsPaths[call].build({})}?start=${start}&end=${end}`,
        parse: (body: unknown) => insightsAnswerSchemas[call].parse(body),
        answer: async (db: Queryable, [start, end]: Range) =>
          ({ inspect: inspectInsight, usageTimeseries, usageExcess })[call](db, env.org.orgId, { start, end }, await orgTimeZone(db, env.org.orgId)),
      },
    ]),
  ),
  monthlyReport: {
    path: ([startDate, endDate]: Range) => `${monthlyReportPath.build({ orgId: env.org.orgId })}?useOverview=false&startDate=${startDate}&endDate=${endDate}`,
    parse: (body: unknown) => monthlyReportSchema.parse(body),
    answer: async (db: Queryable, [startDate, endDate]: Range) =>
      monthlyReport(db, env.org.orgId, { startDate, endDate }, new Date(), await orgTimeZone(db, env.org.orgId)),
  },
};
type Call = keyof typeof CALLS;
const INSPECTORS = ['ann', 'bob', 'cy', null];
let fleet: Vehicle[] = [];
const ids: string[] = [];

/** Inspections of a vehicle on random days of January to April 2026, with readings that mostly rise. */
function history(count: number): InspectionRowSpec[] {
  let miles = rng.int(100, 5000);
  let hours = rng.int(10, 500);
  return Array.from({ length: count }, () => {
    miles += rng.chance(0.1) ? -rng.int(1, 50) : rng.int(0, 120);
    hours += rng.int(0, 9);
    const inspector = rng.pick(INSPECTORS);
    const day = new Date(Date.UTC(2026, 0, 1) + rng.int(0, 119) * 86_400_000 + rng.int(0, 86_399) * 1000);
    return {
      at: day.toISOString(),
      durationSeconds: rng.chance(0.85) ? rng.int(60, 1800) : null,
      miles: rng.chance(0.8) ? Math.max(miles, 1) : null,
      hours: rng.chance(0.6) ? Math.max(hours, 1) : null,
      inspectorId: inspector,
      inspectorName: inspector && rng.chance(0.7) ? `${inspector} ${rng.int(1, 2)}` : null,
      answers: [rng.chance(0.2) ? fail('AF1800-3') : pass('AF1800-3')],
      numNotes: rng.int(0, 2),
    };
  });
}

async function addHistory(vehicle: Vehicle, count: number): Promise<void> {
  ids.push(...(await addInspections(env.server.ctx, env.org.orgId, vehicle, history(count))));
}

/** One call's answer over the API: the kept figures, folded first. */
async function kept(call: Call, range: Range): Promise<unknown> {
  const res = await env.org.admin.api.get(CALLS[call].path(range));
  expect(res.status).toBe(200);
  return CALLS[call].parse(res.body);
}

/** The same answer summed from the inspections: read with the kept figures' clock gone (rolled back). */
async function summed(call: Call, range: Range): Promise<unknown> {
  let answer: unknown;
  await env.server.ctx.db
    .transaction(async (tx) => {
      await tx.delete(insightFigureClocks).where(eq(insightFigureClocks.orgId, env.org.orgId));
      answer = await CALLS[call].answer(tx, range);
      tx.rollback();
    })
    .catch((error: unknown) => {
      if (!(error instanceof Error && error.message.includes('Rollback'))) throw error;
    });
  return answer;
}

/** Every call over every range: the kept figures equal the summed ones, and were read kept (the clock at the organization's revision). */
async function expectKeptEqualSummed(): Promise<void> {
  for (const range of RANGES)
    for (const call of Object.keys(CALLS) as Call[]) expect(await kept(call, range), `${call} ${range.join(' to ')}`).toEqual(await summed(call, range));
  const db = env.server.ctx.db;
  const [clock] = await db.select().from(insightFigureClocks).where(eq(insightFigureClocks.orgId, env.org.orgId));
  const [org] = await db.select().from(orgClocks).where(eq(orgClocks.orgId, env.org.orgId));
  expect(clock?.rev).toBe(org?.rev);
}

beforeAll(async () => {
  const { ctx } = env.server;
  expect((await env.org.admin.api.patch(`/data/v1/organizations/${env.org.orgId}`, { timeZone: 'America/Anchorage' })).status).toBe(200);
  fleet = [
    await addVehicle(ctx, env.org.orgId, { regNumber: 'TRK-0001', vehicleType: 'Truck', sectionId: env.org.sectionId }),
    await addVehicle(ctx, env.org.orgId, { regNumber: 'TRK-0002', vehicleType: 'Truck', sectionId: env.org.sectionId }),
    await addVehicle(ctx, env.org.orgId, { regNumber: 'BUS-0001', vehicleType: 'Bus', sectionId: env.org.sectionId }),
  ];
  for (const v of fleet) await addHistory(v, 60);
  const june = history(8).map((spec, n) => ({ ...spec, at: `2026-06-${String(5 + 2 * n).padStart(2, '0')}T10:00:00Z` }));
  await addInspections(ctx, env.org.orgId, fleet[2]!, june);
});

describe('kept figures', () => {
  it('split a range into whole months and the parts at its ends', () => {
    const utc = (start: string, end: string) => splitMonths(dayRange(start, end), 'UTC');
    expect(utc('2026-01-15', '2026-03-10')).toEqual({
      whole: { from: '2026-02-01', to: '2026-03-01' },
      edges: [dayRange('2026-01-15', '2026-01-31'), dayRange('2026-03-01', '2026-03-10')],
    });
    expect(utc('2026-01-01', '2026-02-28')).toEqual({ whole: { from: '2026-01-01', to: '2026-03-01' }, edges: [] });
    expect(utc('2026-02-03', '2026-02-20')).toEqual({ whole: null, edges: [dayRange('2026-02-03', '2026-02-20')] });
    expect(utc('2026-01-31', '2026-02-01')).toEqual({
      whole: null,
      edges: [dayRange('2026-01-31', '2026-01-31'), dayRange('2026-02-01', '2026-02-01')],
    });
  });

  it("split a range of a zone's days at that zone's months", () => {
    // Anchorage's February and March: 1 February 09:00 UTC to 1 April 08:00 UTC (summer time from 8 March), two whole months.
    expect(splitMonths(dayRange('2026-02-01', '2026-03-31', 'America/Anchorage'), 'America/Anchorage')).toEqual({
      whole: { from: '2026-02-01', to: '2026-04-01' },
      edges: [],
    });
    // Tokyo's 15 January to 10 March: its February whole, the parts at the ends starting and ending at Tokyo's midnights.
    expect(splitMonths(dayRange('2026-01-15', '2026-03-10', 'Asia/Tokyo'), 'Asia/Tokyo')).toEqual({
      whole: { from: '2026-02-01', to: '2026-03-01' },
      edges: [
        { from: '2026-01-14T15:00:00.000Z', to: '2026-01-31T15:00:00.000Z' },
        { from: '2026-02-28T15:00:00.000Z', to: '2026-03-10T15:00:00.000Z' },
      ],
    });
  });

  it('equal the figures summed from the inspections at the first read', async () => {
    await expectKeptEqualSummed();
  });

  it('follow inspections added, rewritten, deleted and moved to another day or vehicle', async () => {
    await addHistory(fleet[0]!, 10);
    await updateRows(env.server.ctx, env.org.orgId, inspections, [
      { id: ids[0]!, set: { durationSeconds: 4321, miles: 99_999 } },
      { id: ids[1]!, set: { deletedAt: new Date() } },
      { id: ids[2]!, set: { inspectionDate: new Date('2026-04-29T12:00:00Z') } },
      { id: ids[70]!, set: { vehicleId: fleet[2]!.vehicleId, inspectionDate: new Date('2026-02-14T08:00:00Z') } },
      { id: ids[130]!, set: { inspectorName: 'cy renamed', hours: 1 } },
    ]);
    await expectKeptEqualSummed();
  });

  it('follow a vehicle retyped and one deleted', async () => {
    await updateRows(env.server.ctx, env.org.orgId, vehicles, [{ id: fleet[1]!.vehicleId, set: { vehicleType: 'Bus' } }]);
    await expectKeptEqualSummed();
    await updateRows(env.server.ctx, env.org.orgId, vehicles, [{ id: fleet[0]!.vehicleId, set: { deletedAt: new Date() } }]);
    await expectKeptEqualSummed();
  });

  it("are made again in the new zone's days when the organization's zone changes", async () => {
    await expectKeptEqualSummed();
    expect((await env.org.admin.api.patch(`/data/v1/organizations/${env.org.orgId}`, { timeZone: 'Asia/Tokyo' })).status).toBe(200);
    await expectKeptEqualSummed();
    // An inspection moved to another day after the change leaves the Tokyo day it was in.
    await updateRows(env.server.ctx, env.org.orgId, inspections, [{ id: ids[3]!, set: { inspectionDate: new Date('2026-03-31T16:00:00Z') } }]);
    await expectKeptEqualSummed();
  });

  it('are made again when tombstones were purged past their clock', async () => {
    await updateRows(env.server.ctx, env.org.orgId, inspections, [{ id: ids[150]!, set: { deletedAt: new Date(Date.now() - 60_000) } }]);
    await purgeTombstones(env.server.ctx, new Date());
    await expectKeptEqualSummed();
  });
});
