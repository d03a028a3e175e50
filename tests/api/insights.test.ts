import { beforeAll, describe, expect, it } from 'vitest';
import {
  failuresOverviewSchema,
  failuresPerVehicleSchema,
  inspectInsightSchema,
  insightsPaths,
  insightsStartAfterEndMessage,
  insightsStartTooEarlyMessage,
  usageExcessSchema,
  usageTimeseriesSchema,
  type InsightsCall,
} from '../../core/schema/insights.ts';
import { rules } from '../../server/db/schema/index.ts';
import { createOrg, createUser } from '../support/factories.ts';
import { addInspections, addVehicle, fail, fixed, pass, type Vehicle } from '../support/insight-rows.ts';
import { signedInUser, useServerWithOrg } from '../support/session.ts';
import { addSections, addWorkflow, insertRows } from '../support/table-rows.ts';

/**
 * The five insights calls over fixed data (docs/insights-reports.md, "The server's figures"): two
 * vehicle types in two sections, inspections on chosen UTC days with durations, readings and failed
 * answers, one deleted, some just outside the range, and another organization's inspections beside
 * them. Every figure is stated here and compared whole.
 */

const env = useServerWithOrg();
const RANGE = 'start=2026-03-01&end=2026-04-15';
let trk1: Vehicle;
let trk2: Vehicle;
let bus1: Vehicle;
let ann: { userId: string };
let bob: { userId: string };

const get = (call: InsightsCall, query = RANGE) => env.org.admin.api.get(`${insightsPaths[call].build({})}?${query}`);

beforeAll(async () => {
  const { server, org } = env;
  const ctx = server.ctx;
  const [bravo] = await addSections(ctx, org.orgId, ['Bravo']);
  ann = await createUser(ctx, org.orgId, org.sectionId, { role: 'inspector', firstName: 'Ann', lastName: 'Lee' });
  bob = await createUser(ctx, org.orgId, org.sectionId, { role: 'inspector', firstName: 'Bob', lastName: 'Stone' });
  trk1 = await addVehicle(ctx, org.orgId, { regNumber: 'TRK-0001', vehicleType: 'Truck', sectionId: org.sectionId, year: 2019, make: 'Ford', model: 'F-150' });
  trk2 = await addVehicle(ctx, org.orgId, { regNumber: 'TRK-0002', vehicleType: 'Truck', sectionId: bravo!, year: 2021, make: 'Ram', model: '1500' });
  bus1 = await addVehicle(ctx, org.orgId, { regNumber: 'BUS-0001', vehicleType: 'Bus', sectionId: org.sectionId, year: 2018, make: 'Blue Bird', model: 'Vision' });
  // Titles of answers recorded without their rule: the library's first, then a workflow's.
  await insertRows(ctx, org.orgId, rules, [{ ruleId: 'custom-1', title: 'Mirror check', ruleType: 'passFail' }]);
  await addWorkflow(ctx, org.orgId, {
    rules: [
      { ruleId: 'AF1800-7', title: 'Lights' },
      { ruleId: 'custom-1', title: 'Mirror (workflow)' },
    ],
  });

  const byAnn = (name: string) => ({ inspectorId: ann.userId, inspectorName: name });
  const byBob = { inspectorId: bob.userId, inspectorName: null };
  await addInspections(ctx, org.orgId, trk1, [
    // Before the range: readings only (the last day before it has 1,000 and 980: its reading is 1,000).
    { at: '2026-02-20T10:00:00Z', hours: 45, ...byAnn('Ann Lee') },
    { at: '2026-02-28T09:00:00Z', miles: 1000, ...byAnn('Ann Lee') },
    { at: '2026-02-28T15:00:00Z', miles: 980, ...byAnn('Ann Lee') },
    { at: '2026-03-01T08:00:00Z', durationSeconds: 600, miles: 1100, hours: 50, answers: [fail('AF1800-3', 'Horn (old)'), pass('AF1800-5')], ...byAnn('Ann Lee') },
    { at: '2026-03-01T10:00:00Z', durationSeconds: 300, miles: 1090, answers: [fail('AF1800-3', 'Horn (old)')], ...byAnn('Ann Lee') },
    { at: '2026-03-10T10:00:00Z', durationSeconds: 999, miles: 5000, answers: [fail('AF1800-3')], deletedAt: new Date(), ...byAnn('Deleted') },
    // A lower reading than the day before: no use.
    { at: '2026-03-15T12:00:00Z', durationSeconds: 1200, miles: 1050, hours: 55, answers: [fail('AF1800-3', 'Horn'), fail('AF1800-7', null)], ...byBob },
    { at: '2026-04-02T09:00:00Z', durationSeconds: 60, miles: 1300, ...byAnn('Ann Lee-Smith') },
    // The midnight after the end day: outside.
    { at: '2026-04-16T00:00:00Z', durationSeconds: 500, miles: 2000, answers: [fail('AF1800-3')], ...byAnn('Ann Out') },
  ]);
  await addInspections(ctx, org.orgId, bus1, [
    { at: '2026-02-10T10:00:00Z', hours: 150 },
    // The start day's midnight: inside. A fixed answer is a failure all the same.
    { at: '2026-03-01T00:00:00Z', durationSeconds: 900, hours: 200, answers: [fixed('AF1800-3', 'Horn (old)'), fail('custom-1', null)], ...byBob },
  ]);
  await addInspections(ctx, org.orgId, trk2, [
    // No duration: not in the inspection times; its first reading ever is no use.
    { at: '2026-03-02T10:00:00Z', miles: 40, answers: [fail('AF1800-3', 'Horn')], ...byAnn('Ann Lee') },
    { at: '2026-03-20T10:00:00Z', durationSeconds: 100, answers: [fail('ghost-rule', null)] },
    { at: '2026-04-15T23:59:59Z', durationSeconds: 50, ...byAnn('Ann Lee-Smith') },
  ]);

  // Another organization, same days, same inspector id: never counted.
  const other = await createOrg(ctx);
  const stranger = await addVehicle(ctx, other.orgId, { regNumber: 'OTH-0001', vehicleType: 'Truck', sectionId: other.sectionId });
  await addInspections(ctx, other.orgId, stranger, [
    { at: '2026-03-01T09:00:00Z', durationSeconds: 700, miles: 10, answers: [fail('AF1800-3', 'Intruder')], inspectorId: ann.userId, inspectorName: 'Intruder' },
    {
      at: '2026-04-10T09:00:00Z',
      durationSeconds: 700,
      miles: 90,
      hours: 9,
      answers: [fail('AF1800-9', 'Intruder')],
      inspectorId: ann.userId,
      inspectorName: 'Intruder',
    },
  ]);
});

const vehicle = (v: Vehicle, type: string, year: number, make: string, model: string) => ({
  vehicleId: v.vehicleId,
  regNumber: v.regNumber,
  vehicleType: type,
  year,
  make,
  model,
});
const tooltips = () => ({
  bus1: vehicle(bus1, 'Bus', 2018, 'Blue Bird', 'Vision'),
  trk1: vehicle(trk1, 'Truck', 2019, 'Ford', 'F-150'),
  trk2: vehicle(trk2, 'Truck', 2021, 'Ram', '1500'),
});

describe('GET /insights/inspect', () => {
  it('sums the inspections with a duration per UTC day and type, per inspector and type, and per vehicle', async () => {
    const res = await get('inspect');
    expect(res.status).toBe(200);
    const v = tooltips();
    expect(inspectInsightSchema.parse(res.body)).toEqual({
      start: '2026-03-01',
      end: '2026-04-15',
      perDay: [
        { day: '2026-03-01', vehicleType: 'Bus', inspections: 1, durationSeconds: 900 },
        { day: '2026-03-01', vehicleType: 'Truck', inspections: 2, durationSeconds: 900 },
        { day: '2026-03-15', vehicleType: 'Truck', inspections: 1, durationSeconds: 1200 },
        { day: '2026-03-20', vehicleType: 'Truck', inspections: 1, durationSeconds: 100 },
        { day: '2026-04-02', vehicleType: 'Truck', inspections: 1, durationSeconds: 60 },
        { day: '2026-04-15', vehicleType: 'Truck', inspections: 1, durationSeconds: 50 },
      ],
      perInspector: [
        // The name of the inspector's newest inspection in range; none recorded: the user's name.
        { inspectorId: ann.userId, inspectorName: 'Ann Lee-Smith', vehicleType: 'Truck', inspections: 4, durationSeconds: 1010 },
        { inspectorId: bob.userId, inspectorName: 'Bob Stone', vehicleType: 'Bus', inspections: 1, durationSeconds: 900 },
        { inspectorId: bob.userId, inspectorName: 'Bob Stone', vehicleType: 'Truck', inspections: 1, durationSeconds: 1200 },
      ],
      perVehicle: [
        { ...v.bus1, inspections: 1, durationSeconds: 900 },
        { ...v.trk1, inspections: 4, durationSeconds: 2160 },
        { ...v.trk2, inspections: 2, durationSeconds: 150 },
      ],
    });
  });

  it('reads a date and time as its UTC day, and answers an empty range with empty lists', async () => {
    const res = await get('inspect', 'start=2026-03-14T23:30:00-02:00&end=2026-03-16T01:00:00%2B03:00');
    expect(res.status).toBe(200);
    const body = inspectInsightSchema.parse(res.body);
    expect([body.start, body.end]).toEqual(['2026-03-15', '2026-03-15']);
    expect(body.perDay).toEqual([{ day: '2026-03-15', vehicleType: 'Truck', inspections: 1, durationSeconds: 1200 }]);
    const empty = await get('inspect', 'start=2025-01-01&end=2025-01-31');
    expect(inspectInsightSchema.parse(empty.body)).toEqual({ start: '2025-01-01', end: '2025-01-31', perDay: [], perInspector: [], perVehicle: [] });
  });
});

describe('GET /insights/failures/*', () => {
  it('overview: failed answers per rule (most first) and UTC day, with the vehicles that gave them and each rule title', async () => {
    const res = await get('failuresOverview');
    expect(res.status).toBe(200);
    expect(failuresOverviewSchema.parse(res.body)).toEqual({
      start: '2026-03-01',
      end: '2026-04-15',
      rules: [
        {
          ruleId: 'AF1800-3',
          // The title of its newest failure.
          title: 'Horn',
          data: [
            {
              day: '2026-03-01',
              totalFailures: 3,
              details: [
                { regNumber: 'TRK-0001', vehicleType: 'Truck', failures: 2 },
                { regNumber: 'BUS-0001', vehicleType: 'Bus', failures: 1 },
              ],
            },
            { day: '2026-03-02', totalFailures: 1, details: [{ regNumber: 'TRK-0002', vehicleType: 'Truck', failures: 1 }] },
            { day: '2026-03-15', totalFailures: 1, details: [{ regNumber: 'TRK-0001', vehicleType: 'Truck', failures: 1 }] },
          ],
        },
        // Answered without their rule: the workflow's title, the library's before a workflow's, the rule id.
        {
          ruleId: 'AF1800-7',
          title: 'Lights',
          data: [{ day: '2026-03-15', totalFailures: 1, details: [{ regNumber: 'TRK-0001', vehicleType: 'Truck', failures: 1 }] }],
        },
        {
          ruleId: 'custom-1',
          title: 'Mirror check',
          data: [{ day: '2026-03-01', totalFailures: 1, details: [{ regNumber: 'BUS-0001', vehicleType: 'Bus', failures: 1 }] }],
        },
        {
          ruleId: 'ghost-rule',
          title: 'ghost-rule',
          data: [{ day: '2026-03-20', totalFailures: 1, details: [{ regNumber: 'TRK-0002', vehicleType: 'Truck', failures: 1 }] }],
        },
      ],
    });
  });

  it('per vehicle: grouped by vehicle type, the vehicles with most failures first, each with its failures per rule', async () => {
    const res = await get('failuresPerVehicle');
    expect(res.status).toBe(200);
    const v = tooltips();
    expect(failuresPerVehicleSchema.parse(res.body)).toEqual({
      start: '2026-03-01',
      end: '2026-04-15',
      rules: [
        { ruleId: 'AF1800-3', title: 'Horn' },
        { ruleId: 'AF1800-7', title: 'Lights' },
        { ruleId: 'custom-1', title: 'Mirror check' },
        { ruleId: 'ghost-rule', title: 'ghost-rule' },
      ],
      vehicleTypes: [
        {
          vehicleType: 'Bus',
          vehicles: [
            {
              ...v.bus1,
              failuresByRule: [
                { ruleId: 'AF1800-3', failures: 1 },
                { ruleId: 'custom-1', failures: 1 },
              ],
              totalFailures: 2,
            },
          ],
        },
        {
          vehicleType: 'Truck',
          vehicles: [
            {
              ...v.trk1,
              failuresByRule: [
                { ruleId: 'AF1800-3', failures: 3 },
                { ruleId: 'AF1800-7', failures: 1 },
              ],
              totalFailures: 4,
            },
            {
              ...v.trk2,
              failuresByRule: [
                { ruleId: 'AF1800-3', failures: 1 },
                { ruleId: 'ghost-rule', failures: 1 },
              ],
              totalFailures: 2,
            },
          ],
        },
      ],
    });
  });
});

describe('GET /insights/usage/*', () => {
  it('timeseries: per vehicle and month, the use (day-over-day deltas, a drop counts 0, the first day against the reading before) and the last reading', async () => {
    const res = await get('usageTimeseries');
    expect(res.status).toBe(200);
    const v = tooltips();
    expect(usageTimeseriesSchema.parse(res.body)).toEqual({
      start: '2026-03-01',
      end: '2026-04-15',
      vehicles: [v.bus1, v.trk1, v.trk2],
      months: [
        // Hours 150 before the range, 200 on its first day.
        { vehicleId: bus1.vehicleId, month: '2026-03', miles: 0, hours: 50, totalMiles: null, totalHours: 200 },
        // Miles: 1,000 before (the day's highest), 1,100 (+100), 1,050 (a drop: 0); hours 45 before, 50 (+5), 55 (+5).
        { vehicleId: trk1.vehicleId, month: '2026-03', miles: 100, hours: 10, totalMiles: 1050, totalHours: 55 },
        { vehicleId: trk1.vehicleId, month: '2026-04', miles: 250, hours: 0, totalMiles: 1300, totalHours: null },
        // Its first reading ever: no use yet.
        { vehicleId: trk2.vehicleId, month: '2026-03', miles: 0, hours: 0, totalMiles: 40, totalHours: null },
      ],
    });
  });

  it('excess: per vehicle inspected in range, its use over the range against its failed answers', async () => {
    const res = await get('usageExcess');
    expect(res.status).toBe(200);
    const v = tooltips();
    expect(usageExcessSchema.parse(res.body)).toEqual({
      start: '2026-03-01',
      end: '2026-04-15',
      vehicles: [
        { ...v.bus1, miles: 0, hours: 50, errors: 2 },
        { ...v.trk1, miles: 350, hours: 10, errors: 4 },
        { ...v.trk2, miles: 0, hours: 0, errors: 2 },
      ],
    });
  });
});

describe('insights: dates and who may read them', () => {
  const calls = Object.keys(insightsPaths) as InsightsCall[];

  it('answers 400 with the reason for a missing, malformed, too early or reversed date, or an unknown parameter', async () => {
    const cases: [string, string][] = [
      ['end=2026-03-31', 'start: The start date is required, as yyyy-MM-dd'],
      ['start=2026-03-01', 'end: The end date is required, as yyyy-MM-dd'],
      ['start=2026-3-1&end=2026-03-31', 'start: Expected a date as yyyy-MM-dd'],
      ['start=2019-12-31&end=2026-03-31', `start: ${insightsStartTooEarlyMessage}`],
      ['start=2026-04-01&end=2026-03-31', `start: ${insightsStartAfterEndMessage}`],
      [`${RANGE}&vehicleType=Truck`, 'Unrecognized key'],
    ];
    for (const call of calls) {
      for (const [query, message] of cases) {
        const res = await get(call, query);
        expect(res.status, `${call}?${query}`).toBe(400);
        expect(res.body.errorMessage, `${call}?${query}`).toContain(message);
      }
    }
    // The earliest start and the last storable end are accepted (the fuzz found the end day's next midnight, in the year 10000, answered 500).
    for (const call of calls) expect((await get(call, 'start=2020-01-01&end=9999-12-31')).status, call).toBe(200);
  });

  it('is read by jrSuper, sectionLead and vco; dispatcher and inspector are refused (403)', async () => {
    const { server, org } = env;
    for (const role of ['jrSuper', 'sectionLead', 'dispatcher', 'inspector'] as const) {
      const user = await signedInUser(server, org.orgId, org.sectionId, { role });
      for (const call of calls) {
        const res = await user.api.get(`${insightsPaths[call].build({})}?${RANGE}`);
        expect(res.status, `${role} ${call}`).toBe(role === 'dispatcher' || role === 'inspector' ? 403 : 200);
      }
    }
    // A section lead reads the organization's insights, not their section's.
    const lead = await signedInUser(server, org.orgId, org.sectionId, { role: 'sectionLead' });
    expect(inspectInsightSchema.parse((await lead.api.get(`${insightsPaths.inspect.build({})}?${RANGE}`)).body).perVehicle).toHaveLength(3);
  });

  it("answers another organization's caller from their own data only", async () => {
    const { server } = env;
    const other = await createOrg(server.ctx);
    const vco = await signedInUser(server, other.orgId, other.sectionId, { role: 'vco', isAdmin: true });
    const res = await vco.api.get(`${insightsPaths.failuresOverview.build({})}?${RANGE}`);
    expect(res.status).toBe(200);
    expect(failuresOverviewSchema.parse(res.body).rules).toEqual([]);
  });
});
