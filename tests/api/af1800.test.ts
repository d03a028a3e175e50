import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { useServerWithOrg, orgWithAdmin, signedInUser, type SignedInUser } from '../support/session.ts';
import { createUser, createVehicle } from '../support/factories.ts';
import { organizations, vehicles } from '../../server/db/schema/index.ts';
import { addDiscrepancy, addInspection } from '../support/table-rows.ts';
import type { AppContext } from '../../server/context.ts';
import { af1800FormSchema, af1800ReportSchema, type Af1800Form } from '../../core/schema/af1800.ts';
import { errorBodySchema } from '../../core/schema/common.ts';
import { SHIFT_DAYS } from '../../core/schema/organization.ts';
import { TIRE_PRESSURE_RULE_TITLES, currentAf1800Month, formatAf1800Month } from '../../core/rules/af1800-form.ts';

const env = useServerWithOrg();

/** Shift 1 days, shift 2 swings, shift 3 mids past midnight (UTC), every day. */
const SHIFT_TIMES = SHIFT_DAYS.map((day) => ({
  day,
  shifts: [
    { shift: 1, start: '0600z', end: '1400z' },
    { shift: 2, start: '1400z', end: '2200z' },
    { shift: 3, start: '2200z', end: '0600z' },
  ],
}));

interface People {
  inspector: SignedInUser;
  reporterId: string;
  mxId: string;
}

async function setUpOrganization(ctx: AppContext, org: { orgId: string; sectionId: string; admin: { userId: string } }): Promise<People> {
  await ctx.write(org.orgId, undefined, async ({ tx, rev }) => {
    await tx
      .update(organizations)
      .set({
        rev,
        location: 'Joint Base Example',
        primaryContactUserId: org.admin.userId,
        primaryContactPhoneNumber: '(555) 555-0101',
        basePhoneNumber: '(555) 555-0100',
        shiftTimes: SHIFT_TIMES,
      })
      .where(eq(organizations.id, org.orgId));
  });
  const inspector = await signedInUser(env.server, org.orgId, org.sectionId, { role: 'inspector', firstName: 'Sam', lastName: 'Patel' });
  const reporter = await createUser(ctx, org.orgId, org.sectionId, { role: 'dispatcher', firstName: 'Morgan', lastName: 'Diaz' });
  const mx = await createUser(ctx, org.orgId, org.sectionId, { role: 'jrSuper', firstName: 'Riley', lastName: 'Brooks' });
  return { inspector, reporterId: reporter.userId, mxId: mx.userId };
}

const at = (iso: string) => new Date(iso);
const inspectorOf = (people: People) => ({ userId: people.inspector.userId, name: 'Sam Patel' });

/**
 * March 2025 of one vehicle: three inspections on two days (day shift, swing shift recorded, a mid
 * shift derived from the shift times), an amendment, and discrepancies of every kind page 2 sorts.
 */
async function seedMarch2025(ctx: AppContext, orgId: string, people: People, vehicle: { vehicleId: string; regNumber: string }) {
  const first = await addInspection(ctx, orgId, vehicle, {
    inspector: inspectorOf(people),
    date: '2025-03-04T07:00:00Z',
    miles: 1000,
    hours: 50,
    results: [
      { ruleId: 'AF1800-36', isPassing: false, value: false, comment: 'Tie-down strap frayed' },
      { ruleId: 'AF1800-37', isPassing: true, value: true },
      { ruleId: 'tire-front', isPassing: true, value: 35, title: TIRE_PRESSURE_RULE_TITLES.front, units: 'psi' },
    ],
  });
  await addInspection(ctx, orgId, vehicle, {
    inspector: inspectorOf(people),
    date: '2025-03-04T15:30:00Z',
    shift: 2,
    results: [{ ruleId: 'AF1800-39', isPassing: true, value: true, comment: 'Logbook replaced' }],
  });
  await addInspection(ctx, orgId, vehicle, {
    inspector: inspectorOf(people),
    date: '2025-03-05T23:00:00Z',
    miles: 1100,
  });
  await addInspection(ctx, orgId, vehicle, {
    inspector: inspectorOf(people),
    date: '2025-03-06T10:00:00Z',
    parent: first,
    results: [{ ruleId: 'AF1800-20', isPassing: false, value: false }],
  });
  await addDiscrepancy(ctx, orgId, vehicle, {
    itemNo: 36,
    discrepancy: 'Tie-down strap frayed',
    dateDiscovered: at('2025-03-04T07:10:00Z'),
    inspectorId: people.inspector.userId,
    reportDate: at('2025-03-04T07:30:00Z'),
    reportMiles: 1000,
    reporterUserId: people.reporterId,
    workOrder: 'WO25-00001',
    workDate: at('2025-03-05T08:00:00Z'),
    af1800StatusCode: 'D-P',
    mxUserId: people.mxId,
    parentInspectionId: first,
  });
  await addDiscrepancy(ctx, orgId, vehicle, {
    itemNo: 5,
    discrepancy: 'Brakes squeal (open since February)',
    dateDiscovered: at('2025-02-10T09:00:00Z'),
    inspectorId: people.inspector.userId,
  });
  await addDiscrepancy(ctx, orgId, vehicle, { itemNo: 21, discrepancy: 'Mirror (disregarded)', dateDiscovered: at('2025-03-08T09:00:00Z'), disregard: true });
  await addDiscrepancy(ctx, orgId, vehicle, {
    itemNo: 17,
    discrepancy: 'Horn (completed in February)',
    dateDiscovered: at('2025-02-01T09:00:00Z'),
    actualCompletionDate: at('2025-02-20T09:00:00Z'),
    af1800StatusCode: 'C',
  });
}

function parseForm(body: unknown): Af1800Form {
  return af1800FormSchema.parse(body);
}

describe('a vehicle’s AF1800 form data', () => {
  let people: People;
  let vehicle: { vehicleId: string; regNumber: string; vehicleType: string };

  beforeAll(async () => {
    people = await setUpOrganization(env.server.ctx, env.org);
    vehicle = await createVehicle(env.server.ctx, env.org.orgId, env.org.sectionId, { vehicleType: 'Pickup Truck' });
    await seedMarch2025(env.server.ctx, env.org.orgId, people, vehicle);
  });

  it('assembles the month: header, signatures by day and shift, page 2 rows and the monthly requirement, page 3 items', async () => {
    const res = await env.org.admin.api.get(`/data/v1/vehicles/${vehicle.vehicleId}/files/af1800/2025/03`);
    expect(res.status).toBe(200);
    const form = parseForm(res.body);
    expect(form).toMatchObject({ year: 2025, month: 3, vehicleId: vehicle.vehicleId });
    expect(form.page1).toMatchObject({
      vehicleType: 'Pickup Truck',
      regNumber: vehicle.regNumber,
      location: 'Joint Base Example',
      basePhoneNo: '(555) 555-0100',
      vcoName: 'Test vco',
      vcoPhoneNo: '(555) 555-0101',
    });
    expect(form.page1.organization).toMatch(/^Org /);
    expect(Date.now() - Date.parse(form.page1.date)).toBeLessThan(60_000);
    expect(form.page1.signatures).toEqual([
      { day: 4, shift: 1, name: 'SP' },
      { day: 4, shift: 2, name: 'SP' },
      { day: 5, shift: 3, name: 'SP' },
    ]);
    expect(form.page2.rows).toEqual([
      {
        operatorsReport: { itemNo: 5, discrepancy: 'Brakes squeal (open since February)', date: '2025-02-10T09:00:00.000Z' },
        reportedToMx: { date: null, milesHours: '', name: 'Sam Patel' },
        mxReportStatus: { workOrder: '', date: null, statusCode: '', employeeNumber: '' },
      },
      {
        operatorsReport: { itemNo: 36, discrepancy: 'Tie-down strap frayed', date: '2025-03-04T07:10:00.000Z' },
        reportedToMx: { date: '2025-03-04T07:30:00.000Z', milesHours: '1,000 mi', name: 'Morgan Diaz' },
        mxReportStatus: { workOrder: 'WO25-00001', date: '2025-03-05T08:00:00.000Z', statusCode: 'D-P', employeeNumber: 'Riley Brooks' },
      },
    ]);
    expect(form.page2.monthlyRequirement).toEqual({
      milesHours: { date: '2025-03-05T23:00:00.000Z', miles: 1100, hours: null, operator: 'Sam Patel' },
      tirePressure: { frontPsi: 35, rearPsi: null, operator: 'Sam Patel', date: '2025-03-04T07:00:00.000Z' },
    });
    expect(form.page3.items).toEqual([
      { itemNo: 36, isChecked: true, text: 'Tie-down strap frayed' },
      { itemNo: 37, isChecked: false, text: '' },
      { itemNo: 38, isChecked: false, text: '' },
      { itemNo: 39, isChecked: false, text: 'Logbook replaced' },
    ]);
  });

  it('reads the month with or without the zero', async () => {
    const padded = parseForm((await env.org.admin.api.get(`/data/v1/vehicles/${vehicle.vehicleId}/files/af1800/2025/03`)).body);
    const plain = parseForm((await env.org.admin.api.get(`/data/v1/vehicles/${vehicle.vehicleId}/files/af1800/2025/3`)).body);
    expect({ ...plain, page1: { ...plain.page1, date: '' } }).toEqual({ ...padded, page1: { ...padded.page1, date: '' } });
  });

  it('gives a blank form for a month without records', async () => {
    const form = parseForm((await env.org.admin.api.get(`/data/v1/vehicles/${vehicle.vehicleId}/files/af1800/2024/01`)).body);
    expect(form.page1.signatures).toEqual([]);
    expect(form.page2).toEqual({ rows: [], monthlyRequirement: { milesHours: null, tirePressure: null } });
    expect(form.page3.items.every((i) => !i.isChecked && i.text === '')).toBe(true);
  });

  it('gives the current month for /recent, carrying over what is still open', async () => {
    const current = currentAf1800Month(new Date(), 'UTC');
    const monthStart = new Date(Date.UTC(current.year, current.month - 1, 1)).toISOString();
    await addInspection(env.server.ctx, env.org.orgId, vehicle, { inspector: inspectorOf(people), date: monthStart, shift: 1 });
    const res = await env.org.admin.api.get(`/data/v1/vehicles/${vehicle.vehicleId}/files/af1800/recent`);
    expect(res.status).toBe(200);
    const form = parseForm(res.body);
    expect([form.year, form.month]).toEqual([current.year, current.month]);
    expect(form.page1.signatures).toEqual([{ day: 1, shift: 1, name: 'SP' }]);
    expect(form.page2.rows.map((r) => r.operatorsReport.discrepancy)).toEqual(['Brakes squeal (open since February)', 'Tie-down strap frayed']);
  });

  it.each([
    ['2025/13', 'Path month: The month must be 1 to 12 (01 to 12)'],
    ['2025/00', 'Path month: The month must be 1 to 12 (01 to 12)'],
    ['2025/march', 'Path month: The month must be 1 to 12 (01 to 12)'],
    ['20x5/03', 'Path year: The year is four digits, such as 2026'],
    ['12025/03', 'Path year: The year is four digits, such as 2026'],
    ['0999/03', 'The year must be 1900 or later'],
    ['1899/12', 'The year must be 1900 or later'],
  ])('refuses %s with a 400 that says why', async (path, message) => {
    const res = await env.org.admin.api.get(`/data/v1/vehicles/${vehicle.vehicleId}/files/af1800/${path}`);
    expect(res.status).toBe(400);
    expect(errorBodySchema.parse(res.body).errorMessage).toBe(message);
  });

  it('refuses a month in the future', async () => {
    const current = currentAf1800Month(new Date(), 'UTC');
    const next = current.month === 12 ? { year: current.year + 1, month: 1 } : { year: current.year, month: current.month + 1 };
    const res = await env.org.admin.api.get(`/data/v1/vehicles/${vehicle.vehicleId}/files/af1800/${next.year}/${String(next.month).padStart(2, '0')}`);
    expect(res.status).toBe(400);
    expect(res.body.errorMessage).toBe(`${formatAf1800Month(next)} is in the future: choose ${formatAf1800Month(current)} or an earlier month`);
    const report = await env.org.admin.api.get(`/data/v1/organizations/${env.org.orgId}/reports/af1800/${next.year}/${String(next.month).padStart(2, '0')}`);
    expect(report.status).toBe(400);
  });

  it('does not reach another organization’s vehicle, nor an unknown one', async () => {
    const other = await orgWithAdmin(env.server);
    const theirs = await createVehicle(env.server.ctx, other.orgId, other.sectionId);
    for (const path of [`${theirs.vehicleId}/files/af1800/2025/03`, `${theirs.vehicleId}/files/af1800/recent`, 'no-such-vehicle/files/af1800/recent']) {
      const res = await env.org.admin.api.get(`/data/v1/vehicles/${path}`);
      expect(res.status).toBe(404);
      expect(res.body.errorMessage).toBe('No such vehicle in your organization');
    }
    expect((await other.admin.api.get(`/data/v1/vehicles/${theirs.vehicleId}/files/af1800/recent`)).status).toBe(200);
  });

  it('is refused to inspectors, who have no website access', async () => {
    for (const path of [
      `/data/v1/vehicles/${vehicle.vehicleId}/files/af1800/recent`,
      `/data/v1/vehicles/${vehicle.vehicleId}/files/af1800/2025/03`,
      `/data/v1/organizations/${env.org.orgId}/reports/af1800/2025/03`,
    ]) {
      const res = await people.inspector.api.get(path);
      expect(res.status).toBe(403);
      expect(res.body.errorMessage).toBe('As an Inspector, you do not have access to the website.');
    }
  });

  it('is refused without a sign-in', async () => {
    const res = await fetch(`${env.server.baseUrl}/data/v1/vehicles/${vehicle.vehicleId}/files/af1800/recent`);
    expect(res.status).toBe(401);
  });
});

describe('the combined monthly AF1800 report', () => {
  it('holds a form for each vehicle with data, leaving out quiet vehicles and those decommissioned before the month', async () => {
    const org = await orgWithAdmin(env.server);
    const people = await setUpOrganization(env.server.ctx, org);
    const busy = await createVehicle(env.server.ctx, org.orgId, org.sectionId, { regNumber: 'B-0002' });
    const quiet = await createVehicle(env.server.ctx, org.orgId, org.sectionId, { regNumber: 'A-0001' });
    const retired = await createVehicle(env.server.ctx, org.orgId, org.sectionId, { regNumber: 'C-0003' });
    const laterRetired = await createVehicle(env.server.ctx, org.orgId, org.sectionId, { regNumber: 'D-0004' });
    await seedMarch2025(env.server.ctx, org.orgId, people, busy);
    await addInspection(env.server.ctx, org.orgId, retired, { inspector: inspectorOf(people), date: '2025-03-10T07:00:00Z' });
    await addInspection(env.server.ctx, org.orgId, laterRetired, { inspector: inspectorOf(people), date: '2025-03-10T07:00:00Z' });
    await env.server.ctx.write(org.orgId, undefined, async ({ tx, rev }) => {
      await tx
        .update(vehicles)
        .set({ rev, decommissionDate: at('2025-02-15T00:00:00Z') })
        .where(eq(vehicles.id, retired.vehicleId));
      await tx
        .update(vehicles)
        .set({ rev, decommissionDate: at('2025-03-20T00:00:00Z') })
        .where(eq(vehicles.id, laterRetired.vehicleId));
    });

    const res = await org.admin.api.get(`/data/v1/organizations/${org.orgId}/reports/af1800/2025/03`);
    expect(res.status).toBe(200);
    const report = af1800ReportSchema.parse(res.body);
    expect([report.year, report.month]).toEqual([2025, 3]);
    expect(report.forms.map((f) => f.page1.regNumber)).toEqual(['B-0002', 'D-0004']);
    expect(report.forms.map((f) => f.vehicleId)).not.toContain(quiet.vehicleId);

    const single = parseForm((await org.admin.api.get(`/data/v1/vehicles/${busy.vehicleId}/files/af1800/2025/03`)).body);
    const [first] = report.forms;
    expect({ ...first, page1: { ...first!.page1, date: '' } }).toEqual({ ...single, page1: { ...single.page1, date: '' } });
  });

  it("counts days, months and shifts in the organization's zone", async () => {
    const org = await orgWithAdmin(env.server);
    const people = await setUpOrganization(env.server.ctx, org);
    await env.server.ctx.write(org.orgId, undefined, async ({ tx, rev }) => {
      await tx.update(organizations).set({ rev, timeZone: 'Asia/Tokyo' }).where(eq(organizations.id, org.orgId));
    });
    const vehicle = await createVehicle(env.server.ctx, org.orgId, org.sectionId, { regNumber: 'T-0001' });
    // 23:30 on 31 March in Tokyo is 14:30 UTC, and 00:30 on 1 April in Tokyo is 15:30 UTC on 31 March. The
    // shift times are stored at Tokyo's offset: 1400z to 2200z is 23:00 to 07:00 there, shift 2.
    await addInspection(env.server.ctx, org.orgId, vehicle, { inspector: inspectorOf(people), date: '2025-03-31T14:30:00Z' });
    await addInspection(env.server.ctx, org.orgId, vehicle, { inspector: inspectorOf(people), date: '2025-03-31T15:30:00Z' });
    const march = parseForm((await org.admin.api.get(`/data/v1/vehicles/${vehicle.vehicleId}/files/af1800/2025/03`)).body);
    expect(march.page1.signatures).toEqual([{ day: 31, shift: 2, name: 'SP' }]);
    const april = parseForm((await org.admin.api.get(`/data/v1/vehicles/${vehicle.vehicleId}/files/af1800/2025/04`)).body);
    expect(april.page1.signatures).toEqual([{ day: 1, shift: 2, name: 'SP' }]);
    const report = af1800ReportSchema.parse((await org.admin.api.get(`/data/v1/organizations/${org.orgId}/reports/af1800/2025/03`)).body);
    expect(report.forms.map((f) => f.page1.signatures)).toEqual([[{ day: 31, shift: 2, name: 'SP' }]]);
  });

  it('is empty for a month without data', async () => {
    const res = await env.org.admin.api.get(`/data/v1/organizations/${env.org.orgId}/reports/af1800/2024/01`);
    expect(res.status).toBe(200);
    expect(af1800ReportSchema.parse(res.body)).toEqual({ year: 2024, month: 1, forms: [] });
  });

  it('is refused for another organization', async () => {
    const other = await orgWithAdmin(env.server);
    const res = await env.org.admin.api.get(`/data/v1/organizations/${other.orgId}/reports/af1800/2025/03`);
    expect(res.status).toBe(403);
    expect(res.body.errorMessage).toBe('You can only reach your own organization');
  });

  it('refuses a bad month with the reason', async () => {
    const res = await env.org.admin.api.get(`/data/v1/organizations/${env.org.orgId}/reports/af1800/2025/13`);
    expect(res.status).toBe(400);
    expect(res.body.errorMessage).toBe('Path month: The month must be 1 to 12 (01 to 12)');
  });
});

describe('GET /Af1800.pdf', () => {
  it('is the blank form as a PDF, without a sign-in, the same bytes every time', async () => {
    const first = await fetch(`${env.server.baseUrl}/Af1800.pdf`);
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toBe('application/pdf');
    const bytes = new Uint8Array(await first.arrayBuffer());
    expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe('%PDF-');
    const second = new Uint8Array(await (await fetch(`${env.server.baseUrl}/Af1800.pdf`)).arrayBuffer());
    expect(Buffer.from(second).equals(Buffer.from(bytes))).toBe(true);
  });
});
