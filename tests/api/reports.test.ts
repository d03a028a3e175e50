import { beforeAll, describe, expect, it } from 'vitest';
import { addDays, dayOf } from '../../core/rules/org-clock.ts';
import { monthStart } from '../../core/rules/report-range.ts';
import {
  monthlyReportPath,
  monthlyReportSchema,
  reportEndWithoutStartMessage,
  reportInFutureMessage,
  reportStartAfterEndMessage,
  type SectionReport,
} from '../../core/schema/monthly-report.ts';
import { discrepancies, ltis, pmis, scheduledMx, sections } from '../../server/db/schema/index.ts';
import { createOrg } from '../support/factories.ts';
import { addInspections, addVehicle, fail, fixed, pass, type Vehicle } from '../support/insight-rows.ts';
import { signedInUser, useServerWithOrg } from '../support/session.ts';
import { addSections, insertRows, type OrgRow } from '../support/table-rows.ts';

/**
 * The monthly report per section over fixed data (docs/insights-reports.md, "The server's figures"):
 * three sections (one empty) and a deleted one, vehicles in commission and one decommissioned, March
 * 2026's inspections, discrepancies, LTIs, PMIs and scheduled maintenance with records just outside
 * the range, and another organization's beside them. Every figure is stated and compared whole.
 */

const env = useServerWithOrg();
const MARCH = 'startDate=2026-03-01&endDate=2026-03-31';
const v: Record<string, Vehicle> = {};
let bravo: string;
let charlie: string;

const path = () => monthlyReportPath.build({ orgId: env.org.orgId });
const get = (query = MARCH) => env.org.admin.api.get(`${path()}?${query}`);

beforeAll(async () => {
  const ctx = env.server.ctx;
  const orgId = env.org.orgId;
  const alpha = env.org.sectionId;
  [bravo = '', charlie = ''] = await addSections(ctx, orgId, ['Bravo', 'Charlie']);
  await insertRows(ctx, orgId, sections, [{ name: 'Zulu', deletedAt: new Date() }]);
  const add = async (regNumber: string, sectionId: string, extra: { status?: string; wrm?: boolean; decommissionDate?: Date } = {}) =>
    (v[regNumber] = await addVehicle(ctx, orgId, { regNumber, vehicleType: 'Truck', sectionId, ...extra }));
  await add('ALPHA-01', alpha, { status: 'invalid', wrm: true });
  for (const n of ['02', '04', '05', '06', '07']) await add(`ALPHA-${n}`, alpha);
  await add('ALPHA-03', alpha, { decommissionDate: new Date('2026-03-20T00:00:00Z') });
  await add('BRAVO-01', bravo, { wrm: true });
  // Moved to Bravo: its March inspection counts there.
  await add('BRAVO-02', bravo, { status: 'invalid' });

  const horn = fail('AF1800-3', 'Horn');
  const tires = fail('AF1800-12', 'Tires');
  await addInspections(ctx, orgId, v['ALPHA-01']!, [
    { at: '2026-03-02T08:00:00Z', answers: [horn] },
    { at: '2026-03-03T08:00:00Z', answers: [horn] },
    { at: '2026-03-31T23:59:59Z', answers: [horn] },
    { at: '2026-03-05T08:00:00Z', answers: [pass('AF1800-3')], numNotes: 2 },
    { at: '2026-02-28T23:59:59Z', answers: [horn] },
    { at: '2026-03-06T08:00:00Z', answers: [horn], deletedAt: new Date() },
  ]);
  await addInspections(ctx, orgId, v['ALPHA-02']!, [{ at: '2026-03-01T00:00:00Z', answers: [horn] }]);
  await addInspections(ctx, orgId, v['ALPHA-04']!, [
    { at: '2026-03-10T08:00:00Z', answers: [tires] },
    { at: '2026-03-11T08:00:00Z', answers: [tires] },
  ]);
  for (const n of ['05', '06', '07']) await addInspections(ctx, orgId, v[`ALPHA-${n}`]!, [{ at: '2026-03-12T08:00:00Z', answers: [tires] }]);
  await addInspections(ctx, orgId, v['ALPHA-03']!, [{ at: '2026-03-12T08:00:00Z', answers: [horn] }]);
  await addInspections(ctx, orgId, v['BRAVO-01']!, [
    { at: '2026-03-04T08:00:00Z', answers: [pass('AF1800-3')], numNotes: 1 },
    // Fixed on the spot: the inspection passes, the answer is a failure.
    { at: '2026-03-05T08:00:00Z', answers: [fixed('AF1800-3', 'Horn')] },
  ]);
  await addInspections(ctx, orgId, v['BRAVO-02']!, [{ at: '2026-03-07T08:00:00Z', answers: [fail('AF1800-5', 'Brakes')] }]);

  const discrepancy = (regNumber: string, dateDiscovered: string, extra: Partial<OrgRow<typeof discrepancies>> = {}): OrgRow<typeof discrepancies> => ({
    vehicleId: v[regNumber]!.vehicleId,
    regNumber,
    itemNo: 3,
    discrepancy: 'Horn inoperative',
    dateDiscovered: new Date(dateDiscovered),
    ...extra,
  });
  await insertRows(ctx, orgId, discrepancies, [
    discrepancy('ALPHA-01', '2026-03-02T08:00:00Z'),
    discrepancy('ALPHA-01', '2026-03-03T08:00:00Z'),
    discrepancy('ALPHA-01', '2026-03-04T08:00:00Z', { disregard: true }),
    discrepancy('ALPHA-01', '2026-04-01T00:00:00Z'),
    discrepancy('ALPHA-01', '2026-03-05T08:00:00Z', { deletedAt: new Date() }),
    discrepancy('ALPHA-02', '2026-03-06T08:00:00Z', { disregard: true }),
    discrepancy('ALPHA-02', '2026-03-07T08:00:00Z', { disregard: true }),
    discrepancy('ALPHA-04', '2026-03-08T08:00:00Z'),
    discrepancy('ALPHA-03', '2026-03-08T08:00:00Z'),
    discrepancy('BRAVO-01', '2026-03-09T08:00:00Z'),
  ]);

  const visit = (regNumber: string, mxDate: string, completionDate: string | null, passed: boolean | null = null) => ({
    vehicleId: v[regNumber]!.vehicleId,
    regNumber,
    mxDate: new Date(mxDate),
    completed: completionDate !== null,
    completionDate: completionDate === null ? null : new Date(completionDate),
    passed,
  });
  await insertRows(ctx, orgId, ltis, [
    visit('ALPHA-01', '2026-03-05T08:00:00Z', '2026-03-05T09:00:00Z', true),
    visit('ALPHA-01', '2026-03-10T08:00:00Z', '2026-03-10T09:00:00Z', false),
    visit('ALPHA-01', '2026-02-20T08:00:00Z', '2026-02-20T09:00:00Z', false),
    visit('ALPHA-01', '2026-03-15T08:00:00Z', null),
    visit('ALPHA-03', '2026-03-05T08:00:00Z', '2026-03-05T09:00:00Z', false),
  ]);
  await insertRows(ctx, orgId, pmis, [
    visit('BRAVO-01', '2026-03-31T08:00:00Z', '2026-03-31T23:00:00Z', false),
    visit('ALPHA-02', '2026-03-31T08:00:00Z', '2026-04-01T00:00:00Z', true),
  ]);
  const mx = (regNumber: string, mxDate: string, completionDate: string | null) => {
    const { passed: _, ...row } = visit(regNumber, mxDate, completionDate);
    return { ...row, mxType: 'Oil change' };
  };
  await insertRows(ctx, orgId, scheduledMx, [
    // Scheduled and done in range; missed; scheduled before and done in range; scheduled in range and done after.
    mx('ALPHA-01', '2026-03-03T08:00:00Z', '2026-03-03T10:00:00Z'),
    mx('ALPHA-02', '2026-03-20T08:00:00Z', null),
    mx('ALPHA-04', '2026-02-25T08:00:00Z', '2026-03-02T10:00:00Z'),
    mx('ALPHA-05', '2026-03-28T08:00:00Z', '2026-04-02T10:00:00Z'),
    mx('ALPHA-06', '2026-04-02T08:00:00Z', null),
  ]);

  // Another organization with a vehicle in a section named like ours: never counted.
  const other = await createOrg(ctx);
  const stranger = await addVehicle(ctx, other.orgId, { regNumber: 'ALPHA-01', vehicleType: 'Truck', sectionId: other.sectionId });
  await addInspections(ctx, other.orgId, stranger, [{ at: '2026-03-02T08:00:00Z', answers: [horn] }]);
});

const problem = (regNumber: string, count: number) => ({ vehicleId: v[regNumber]!.vehicleId, regNumber, count });
const empty = (id: string, name: string): SectionReport => ({
  id,
  name,
  vehicles: { total: 0, inOp: 0, wrm: 0 },
  inspections: { total: 0, failed: 0, notes: 0 },
  mx: {
    discrepancies: { total: 0, disregarded: 0, addressable: 0 },
    lti: { performed: 0, failed: 0 },
    pmi: { performed: 0, failed: 0 },
    scheduled: { scheduled: 0, performed: 0, failed: 0 },
  },
  problems: { failedInspections: [], totalDiscrepancies: [], addressableDiscrepancies: [] },
  failures: {},
});

describe('GET /data/v1/organizations/{orgId}/reports/monthly', () => {
  it('reports every section in name order over the range: vehicles, inspections, maintenance, problem vehicles and failures', async () => {
    const res = await get(`useOverview=false&${MARCH}`);
    expect(res.status).toBe(200);
    expect(monthlyReportSchema.parse(res.body)).toEqual([
      {
        id: env.org.sectionId,
        name: 'Alpha',
        vehicles: { total: 6, inOp: 1, wrm: 1 },
        inspections: { total: 10, failed: 9, notes: 2 },
        mx: {
          discrepancies: { total: 6, disregarded: 3, addressable: 3 },
          lti: { performed: 2, failed: 1 },
          pmi: { performed: 0, failed: 0 },
          scheduled: { scheduled: 3, performed: 2, failed: 1 },
        },
        problems: {
          // Five at most, ties by registration.
          failedInspections: [problem('ALPHA-01', 3), problem('ALPHA-04', 2), problem('ALPHA-02', 1), problem('ALPHA-05', 1), problem('ALPHA-06', 1)],
          totalDiscrepancies: [problem('ALPHA-01', 3), problem('ALPHA-02', 2), problem('ALPHA-04', 1)],
          addressableDiscrepancies: [problem('ALPHA-01', 2), problem('ALPHA-04', 1)],
        },
        failures: { 'AF1800-3': { title: 'Horn', count: 4 }, 'AF1800-12': { title: 'Tires', count: 5 } },
      },
      {
        id: bravo,
        name: 'Bravo',
        vehicles: { total: 2, inOp: 1, wrm: 1 },
        inspections: { total: 3, failed: 1, notes: 1 },
        mx: {
          discrepancies: { total: 1, disregarded: 0, addressable: 1 },
          lti: { performed: 0, failed: 0 },
          pmi: { performed: 1, failed: 1 },
          scheduled: { scheduled: 0, performed: 0, failed: 0 },
        },
        problems: {
          failedInspections: [problem('BRAVO-02', 1)],
          totalDiscrepancies: [problem('BRAVO-01', 1)],
          addressableDiscrepancies: [problem('BRAVO-01', 1)],
        },
        failures: { 'AF1800-3': { title: 'Horn', count: 1 }, 'AF1800-5': { title: 'Brakes', count: 1 } },
      },
      empty(charlie, 'Charlie'),
    ]);
  });

  it('covers this month to today without dates, and from the start day to today with a start only', async () => {
    const ctx = env.server.ctx;
    const now = new Date();
    const at = new Date(Math.max(Date.parse(`${monthStart(now, 'UTC')}T00:00:00Z`), now.getTime() - 60_000));
    await addInspections(ctx, env.org.orgId, v['ALPHA-07']!, [{ at: at.toISOString(), answers: [fail('AF1800-3', 'Horn')] }]);
    const thisMonth = monthlyReportSchema.parse((await get('')).body);
    expect(thisMonth[0]!.inspections).toEqual({ total: 1, failed: 1, notes: 0 });
    expect(thisMonth[0]!.problems.failedInspections).toEqual([problem('ALPHA-07', 1)]);
    const fromMarch = monthlyReportSchema.parse((await get('startDate=2026-03-01')).body);
    expect(fromMarch[0]!.inspections).toEqual({ total: 11, failed: 10, notes: 2 });
  });

  it('answers 400 with the reason for bad dates, dates in the future, useOverview=true and unknown parameters', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    const cases: [string, string][] = [
      ['endDate=2026-03-31', reportEndWithoutStartMessage],
      ['startDate=2026-03-1', 'startDate: Expected a date as yyyy-MM-dd'],
      ['startDate=2026-04-01&endDate=2026-03-31', reportStartAfterEndMessage],
      [`startDate=${tomorrow}`, reportInFutureMessage],
      [`startDate=${today}&endDate=${tomorrow}`, reportInFutureMessage],
      ['useOverview=true', 'useOverview can only be false'],
      ['month=03', 'Unrecognized key'],
    ];
    for (const [query, message] of cases) {
      const res = await get(query);
      expect(res.status, query).toBe(400);
      expect(res.body.errorMessage, query).toContain(message);
    }
    expect((await get(`startDate=${today}&endDate=${today}`)).status).toBe(200);
  });

  it("takes today as the organization's: a day ahead of UTC is today in a zone east of it, the future in UTC (issue 50)", async () => {
    // At any moment the day at UTC+14 or at UTC-12 differs from UTC's: both are tried, so one always tells.
    const orgPath = `/data/v1/organizations/${env.org.orgId}`;
    try {
      for (const zone of ['Pacific/Kiritimati', 'Etc/GMT+12']) {
        const now = new Date();
        const local = dayOf(now, zone);
        const utc = dayOf(now, 'UTC');
        expect((await env.org.admin.api.patch(orgPath, { timeZone: zone })).status).toBe(200);
        expect((await get(`startDate=${local}&endDate=${local}`)).status, zone).toBe(200);
        expect((await get(`startDate=${addDays(local, 1)}`)).status, zone).toBe(400);
        if (local > utc) {
          await env.org.admin.api.patch(orgPath, { timeZone: 'UTC' });
          expect((await get(`startDate=${local}`)).body.errorMessage).toContain(reportInFutureMessage);
        }
      }
    } finally {
      await env.org.admin.api.patch(orgPath, { timeZone: 'UTC' });
    }
  });

  it("counts the days of the organization's zone: 23:30 on the month's last day is that month's", async () => {
    const { server } = env;
    const org = await createOrg(server.ctx);
    const vco = await signedInUser(server, org.orgId, org.sectionId, { role: 'vco', isAdmin: true });
    expect((await vco.api.patch(`/data/v1/organizations/${org.orgId}`, { timeZone: 'Asia/Tokyo' })).status).toBe(200);
    const truck = await addVehicle(server.ctx, org.orgId, { regNumber: 'TOKYO-01', vehicleType: 'Truck', sectionId: org.sectionId });
    await addInspections(server.ctx, org.orgId, truck, [
      { at: '2026-02-28T15:30:00Z', answers: [fail('AF1800-3', 'Horn')] }, // 00:30 on 1 March in Tokyo
      { at: '2026-03-31T14:30:00Z' }, // 23:30 on 31 March
      { at: '2026-03-31T15:30:00Z' }, // 00:30 on 1 April
    ]);
    const report = (query: string) =>
      vco.api.get(`${monthlyReportPath.build({ orgId: org.orgId })}?${query}`).then((r) => monthlyReportSchema.parse(r.body)[0]!.inspections);
    expect(await report(MARCH)).toEqual({ total: 2, failed: 1, notes: 0 });
    expect(await report('startDate=2026-04-01&endDate=2026-04-30')).toEqual({ total: 1, failed: 0, notes: 0 });
  });

  it('is read by vco and sectionLead of the organization only', async () => {
    const { server, org } = env;
    for (const role of ['sectionLead', 'jrSuper', 'dispatcher', 'inspector'] as const) {
      const user = await signedInUser(server, org.orgId, org.sectionId, { role });
      const res = await user.api.get(`${path()}?${MARCH}`);
      expect(res.status, role).toBe(role === 'sectionLead' ? 200 : 403);
    }
    const other = await createOrg(server.ctx);
    const stranger = await signedInUser(server, other.orgId, other.sectionId, { role: 'vco', isAdmin: true });
    expect((await stranger.api.get(`${path()}?${MARCH}`)).status).toBe(403);
    const own = monthlyReportSchema.parse((await stranger.api.get(`${monthlyReportPath.build({ orgId: other.orgId })}?${MARCH}`)).body);
    expect(own).toEqual([empty(other.sectionId, 'Alpha')]);
  });
});
