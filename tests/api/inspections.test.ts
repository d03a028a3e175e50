import { nanoid } from 'nanoid';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { FUEL_RULE_FIELDS } from '../../core/rules/af1800-items.ts';
import { discrepancySchema } from '../../core/schema/discrepancy.ts';
import { fileUrl } from '../../core/schema/file.ts';
import { inspectionDetailSchema, inspectionPaths, inspectionSchema, type InspectionResponse } from '../../core/schema/inspection.ts';
import { vehicleSchema } from '../../core/schema/vehicle.ts';
import { vehicleWorkflowSchema } from '../../core/schema/workflow.ts';
import { discrepancies, inspections, liveEvents, workflowRules, workflows } from '../../server/db/schema/index.ts';
import { createVehicle } from '../support/factories.ts';
import { formOf, png, putFile, sha256 } from '../support/files.ts';
import { orgWithAdmin, signedInUser, useServerWithOrg } from '../support/session.ts';
import { pullAll } from '../support/sync.ts';
import { addDiscrepancy, insertRows, setVehicleWorkflow } from '../support/table-rows.ts';

const env = useServerWithOrg();

/** The rules of the test workflow: odometers, the fuel gauge, a critical and a plain AF1800 item, a custom counter and a target. */
const RULES = [
  { ruleId: 'AF1800-H', title: 'Hours', ruleType: 'counter', isBoolean: false, fields: { units: 'hours' } },
  { ruleId: 'AF1800-M', title: 'Miles', ruleType: 'counter', isBoolean: false, fields: { units: 'miles' } },
  { ruleId: 'AF1800-15', title: 'Fuel level', ruleType: 'threshold', isBoolean: false, fields: FUEL_RULE_FIELDS, fixable: false },
  { ruleId: 'AF1800-5', title: 'Brakes (service)', ruleType: 'passFail', af1800Id: 5 },
  { ruleId: 'horn', title: 'Horn sounds', ruleType: 'passFail', af1800Id: 17 },
  { ruleId: 'AF1800-21', title: 'Mirrors', ruleType: 'passFail' },
  { ruleId: 'chocks', title: 'Wheel chocks on board', ruleType: 'counter', isBoolean: false, fields: { target: 2, absMin: 0, absMax: 4, units: 'chocks' } },
  { ruleId: 'tire-psi', title: 'Tire pressure', ruleType: 'lookup', isBoolean: false, fields: { units: 'psi' }, lookup: { target: 80 } },
] as const;

/** A vehicle on a workflow of RULES (version 2); answers the paths and the workflow. */
async function vehicle(
  org: { orgId: string; sectionId: string } = env.org,
  extraRules: readonly { ruleId: string; title: string; ruleType: string; frequency: string }[] = [],
) {
  const { ctx } = env.server;
  const orgId = org.orgId;
  const v = await createVehicle(ctx, orgId, org.sectionId);
  const workflowId = Math.floor(Math.random() * 1e12) + 1;
  await insertRows(ctx, orgId, workflows, [{ id: String(workflowId), title: `Daily ${nanoid(6)}`, version: 2 }]);
  await insertRows(
    ctx,
    orgId,
    workflowRules,
    [...RULES, ...extraRules].map((rule, position) => ({
      workflowId: String(workflowId),
      position,
      fields: {},
      af1800Id: null,
      isBoolean: true,
      fixable: true,
      ...rule,
    })),
  );
  await setVehicleWorkflow(ctx, orgId, v.vehicleId, workflowId);
  const recentV1 = inspectionPaths.recentV1.build({ vehicleId: v.vehicleId });
  const recentV2 = inspectionPaths.recentV2.build({ vehicleId: v.vehicleId });
  const history = inspectionPaths.history.build({ vehicleId: v.vehicleId });
  const detail = (inspectionId: string) => inspectionPaths.detail.build({ vehicleId: v.vehicleId, inspectionId });
  return { ...v, workflowId, recentV1, recentV2, history, detail };
}

const pass = (ruleId: string, type: InspectionResponse['type'] = 'passFail', value: InspectionResponse['result']['value'] = true): InspectionResponse => ({
  ruleId,
  type,
  result: { isPassing: true, value },
});
const fail = (ruleId: string, comment?: string, extra: Partial<InspectionResponse> = {}): InspectionResponse => ({
  ruleId,
  type: 'passFail',
  result: { isPassing: false, value: false },
  comment,
  ...extra,
});

/** A whole inspection: every rule passing, with the odometers. */
function submission(v: { workflowId: number }, responses: InspectionResponse[] = [], extra: Record<string, unknown> = {}) {
  const answered = new Set(responses.map((r) => r.ruleId));
  const passing = [
    pass('AF1800-15', 'threshold', 3),
    pass('AF1800-5'),
    pass('horn'),
    pass('AF1800-21'),
    pass('chocks', 'counter', 2),
    pass('tire-psi', 'target', 80),
  ].filter((r) => !answered.has(r.ruleId));
  return { version: 2, workflowId: v.workflowId, miles: 12345, hours: 678, responses: [...passing, ...responses], ...extra };
}

async function rowsOf(vehicleId: string) {
  const { db } = env.server.ctx;
  return {
    inspections: await db.select().from(inspections).where(eq(inspections.vehicleId, vehicleId)),
    discrepancies: await db.select().from(discrepancies).where(eq(discrepancies.vehicleId, vehicleId)),
  };
}

async function eventsOf(regNumber: string) {
  const rows = await env.server.ctx.db
    .select()
    .from(liveEvents)
    .where(and(eq(liveEvents.orgId, env.org.orgId), eq(liveEvents.regNumber, regNumber)));
  return rows.map((e) => ({ eventType: e.eventType, ...(e.payload as object) }));
}

/** The vehicle's details: its readings and its current status (the newest of its status history). */
async function vehicleOf(vehicleId: string) {
  const res = await env.org.admin.api.get(`/data/v1/vehicles/${vehicleId}`);
  const v = vehicleSchema.parse(res.body);
  return { ...v, status: (res.body as { status: { status: string }[] }).status[0]?.status };
}

describe('submitting an inspection (PUT /data/v2/vehicles/{id}/inspection/recent)', () => {
  it('records the inspection with its results and what follows: discrepancies, status, miles, hours, fuel and live events', async () => {
    const v = await vehicle();
    const inspector = await signedInUser(env.server, env.org.orgId, env.org.sectionId, { role: 'inspector', firstName: 'Ida', lastName: 'Inspector' });
    const body = submission(v, [
      fail('horn', 'Horn does not sound'),
      fail('AF1800-21', undefined, { isFixed: true, comment: 'Mirror re-aimed' }),
      { ...pass('chocks', 'counter', 2), comment: 'Second chock worn' },
    ]);
    const res = await inspector.api.call('PUT', v.recentV2, { ...body, duration: 600, shift: 2 });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const detail = inspectionDetailSchema.parse(res.body);
    expect(detail).toMatchObject({
      vehicleId: v.vehicleId,
      regNumber: v.regNumber,
      workflowId: v.workflowId,
      version: 2,
      miles: 12345,
      hours: 678,
      passed: false,
      numFixes: 1,
      numNotes: 1,
      inspectorId: inspector.userId,
      inspector: 'Ida Inspector',
      shift: 2,
      duration: 600,
      fuelLevel: 0.75,
    });
    expect(detail.submissionDate).not.toBeNull();
    const fuel = detail.results.find((r) => r.ruleId === 'AF1800-15')!;
    expect(fuel).toMatchObject({ type: 'threshold', units: 'quarter tank', overview: { title: 'Fuel level', ruleType: 'threshold', fields: { absMax: 4 } } });
    expect(detail.results.find((r) => r.ruleId === 'tire-psi')).toMatchObject({ type: 'target', units: 'psi', result: { value: 80 } });

    // The failed horn (item 17) is a discrepancy of the inspection; the mirror fixed on the spot is not.
    const { discrepancies: found } = await rowsOf(v.vehicleId);
    expect(found.map((d) => [d.itemNo, d.discrepancy, d.parentInspectionId, d.inspectorId, d.reportMiles])).toEqual([
      [17, 'Horn does not sound', detail.inspectionId, inspector.userId, 12345],
    ]);
    const vehicleNow = await vehicleOf(v.vehicleId);
    expect(vehicleNow).toMatchObject({ status: 'warning', lastReportedMileage: 12345, lastReportedHours: 678, fuelLevel: 0.75 });
    expect(await eventsOf(v.regNumber)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ eventType: 'inspection', discrepancies: 1 }),
        expect.objectContaining({ eventType: 'discrepancy', discrepancy: 'Horn does not sound', disregard: false }),
        expect.objectContaining({ eventType: 'status', status: 'warning' }),
      ]),
    );

    // Devices get it through the pull, answers inside the row; the website reads history and detail.
    const { rows } = await pullAll(env.org.admin.api);
    const pulled = [...rows.values()].find((r) => r.t === 'inspections' && r.id === detail.inspectionId);
    expect((pulled?.data as { results: unknown[] }).results).toHaveLength(detail.results.length);
    const history = await env.org.admin.api.get(v.history);
    expect(history.status).toBe(200);
    expect(
      inspectionSchema
        .array()
        .parse(history.body)
        .map((i) => i.inspectionId),
    ).toEqual([detail.inspectionId]);
    const one = await env.org.admin.api.get(v.detail(detail.inspectionId));
    expect(inspectionDetailSchema.parse(one.body)).toEqual(detail);
  });

  it('grounds the vehicle (invalid) on a critical failure, and never raises a status', async () => {
    const v = await vehicle();
    const api = env.org.admin.api;
    expect((await api.call('PUT', v.recentV2, submission(v, [fail('AF1800-5', 'Brakes pull left')]))).status).toBe(201);
    expect((await vehicleOf(v.vehicleId)).status).toBe('invalid');
    // A passing inspection the next day leaves it grounded: a person returns it to FMC.
    expect((await api.call('PUT', v.recentV2, submission(v, [], { inspectionId: nanoid() }))).status).toBe(201);
    expect((await vehicleOf(v.vehicleId)).status).toBe('invalid');
  });

  it('opens no second discrepancy for an item the vehicle already has open', async () => {
    const v = await vehicle();
    await addDiscrepancy(env.server.ctx, env.org.orgId, v, { itemNo: 17, discrepancy: 'Horn weak', dateDiscovered: new Date(Date.now() - 86_400_000) });
    const res = await env.org.admin.api.call('PUT', v.recentV2, submission(v, [fail('horn', 'Horn still weak')]));
    expect(res.status).toBe(201);
    expect((await rowsOf(v.vehicleId)).discrepancies.map((d) => d.discrepancy)).toEqual(['Horn weak']);
    expect(await eventsOf(v.regNumber)).toEqual(expect.arrayContaining([expect.objectContaining({ eventType: 'inspection', discrepancies: 0 })]));
  });

  it('answers a retry with what the first request recorded, and records nothing twice', async () => {
    const v = await vehicle();
    const api = env.org.admin.api;
    const body = submission(v, [fail('horn', 'No horn')]);
    const first = await api.call('PUT', v.recentV2, body);
    const again = await api.call('PUT', v.recentV2, body);
    expect([first.status, again.status]).toEqual([201, 200]);
    expect(again.body).toEqual(first.body);
    const withId = { ...submission(v), inspectionId: nanoid() };
    expect((await api.call('PUT', v.recentV2, withId)).status).toBe(201);
    expect((await api.call('PUT', v.recentV2, withId)).status).toBe(200);
    const rows = await rowsOf(v.vehicleId);
    expect([rows.inspections.length, rows.discrepancies.length]).toEqual([2, 1]);
    // An id of another vehicle's inspection is refused rather than answered.
    const other = await vehicle();
    expect((await api.call('PUT', other.recentV2, { ...submission(other), inspectionId: withId.inspectionId })).status).toBe(409);
  });

  it('keeps two genuine inspections apart: the same undated body from the same person is a retry within minutes, another inspection later', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const v = await vehicle();
      const body = submission(v);
      const signedIn = () => signedInUser(env.server, env.org.orgId, env.org.sectionId, { role: 'inspector' });
      const inspector = await signedIn();
      const first = await inspector.api.call('PUT', v.recentV2, body);
      vi.setSystemTime(Date.now() + 4 * 60_000);
      const retry = await inspector.api.call('PUT', v.recentV2, body);
      expect([first.status, retry.status]).toEqual([201, 200]);
      expect(retry.body.inspectionId).toBe(first.body.inspectionId);
      // The next shift: the same person, the same idle vehicle, every rule passing again.
      vi.setSystemTime(Date.now() + 8 * 3_600_000);
      const second = await (await signedIn()).api.call('PUT', v.recentV2, body);
      expect(second.status).toBe(201);
      expect(second.body.inspectionId).not.toBe(first.body.inspectionId);
      expect((await rowsOf(v.vehicleId)).inspections).toHaveLength(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it('holds an inspection on the current workflow to every rule due, naming those left out; a rule not yet due may be', async () => {
    const weekly = { ruleId: 'spare', title: 'Spare tire', ruleType: 'passFail', frequency: 'weekly' };
    const v = await vehicle(env.org, [weekly]);
    const api = env.org.admin.api;
    const partial = { version: 2, workflowId: v.workflowId, miles: 12345, hours: 678, responses: [pass('horn'), pass('AF1800-5')] };
    const refused = await api.call('PUT', v.recentV2, partial);
    expect(refused.status).toBe(400);
    expect(refused.body.errorMessage).toBe(
      'An inspection answers every rule due; these 5 are not answered: Fuel level (AF1800-15), Mirrors (AF1800-21), Wheel chocks on board (chocks), Tire pressure (tire-psi), Spare tire (spare)',
    );
    expect((await rowsOf(v.vehicleId)).inspections).toEqual([]);
    // The weekly rule answered today is not due again today.
    expect((await api.call('PUT', v.recentV2, submission(v, [pass('spare')]))).status).toBe(201);
    const dueOf = async (x: { vehicleId: string }) =>
      Object.fromEntries(vehicleWorkflowSchema.parse((await api.get(`/data/v1/vehicles/${x.vehicleId}/workflow`)).body).rules.map((r) => [r.ruleId, r.due]));
    expect(await dueOf(v)).toMatchObject({ spare: false, horn: true });
    const later = await api.call('PUT', v.recentV2, submission(v));
    expect(later.status, JSON.stringify(later.body)).toBe(201);
    // Leaving the weekly rule out is refused once a week has passed since it was answered.
    const v2 = await vehicle(env.org, [weekly]);
    const lastWeek = new Date(Date.now() - 8 * 86_400_000).toISOString();
    expect((await api.call('PUT', v2.recentV2, submission(v2, [pass('spare')], { inspectionDate: lastWeek }))).status).toBe(201);
    expect(await dueOf(v2)).toMatchObject({ spare: true });
    const due = await api.call('PUT', v2.recentV2, submission(v2));
    expect(due.body.errorMessage).toBe('An inspection answers every rule due; this one is not answered: Spare tire (spare)');
  });

  it('refuses, with a message naming the problem, a submission its workflow does not allow, and records nothing', async () => {
    const v = await vehicle();
    const api = env.org.admin.api;
    const cases: [Record<string, unknown>, string][] = [
      [{ ...submission(v), version: 3 }, 'has no version 3'],
      [{ ...submission(v), workflowId: 424242 }, 'no workflow 424242'],
      [submission(v, [pass('wipers')]), 'wipers: not a rule of this vehicle'],
      [submission(v, [pass('AF1800-15', 'passFail', true)]), 'AF1800-15: a Range rule is answered with type threshold'],
      [submission(v, [pass('AF1800-15', 'threshold', 9)]), 'AF1800-15: 9 is outside 0 to 4'],
      [submission(v, [pass('chocks', 'counter', 'two')]), 'chocks: enter the number read'],
      [submission(v, [fail('AF1800-15', undefined, { type: 'threshold', result: { isPassing: false, value: 0 }, isFixed: true })]), 'cannot be fixed on the spot'],
      [submission(v, [pass('horn'), pass('horn')]), 'horn: answered more than once'],
      [{ ...submission(v), hours: undefined }, "this vehicle's workflow asks for hours"],
      [{ ...submission(v), responses: [] }, 'Send at least one response'],
      [{ ...submission(v), inspectionDate: new Date(Date.now() + 3_600_000).toISOString() }, 'in the future'],
      [
        { ...submission(v), inspectionDate: new Date(Date.now() - 60_000).toISOString(), completionDate: new Date(Date.now() + 3_600_000).toISOString() },
        'completionDate: an inspection cannot have ended in the future',
      ],
      [{ ...submission(v), inspectionDate: '1950-01-01T00:00:00.000Z' }, 'inspectionDate: an inspection cannot have lasted that long'],
      [{ ...submission(v), miles: 2 ** 31 }, 'Miles must be at most 2,147,483,647'],
      [{ ...submission(v), duration: 2 ** 31 }, 'duration must be at most 2,147,483,647 seconds'],
    ];
    for (const [body, message] of cases) {
      const res = await api.call('PUT', v.recentV2, body);
      expect(res.status, message).toBe(400);
      expect(JSON.stringify(res.body), message).toContain(message);
    }
    expect((await rowsOf(v.vehicleId)).inspections).toEqual([]);
  });

  it('keeps an inspection performed on a workflow version since replaced, its unknown rules included', async () => {
    const v = await vehicle();
    const res = await env.org.admin.api.call('PUT', v.recentV2, { ...submission(v, [pass('retired-rule')]), version: 1, hours: undefined });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(inspectionDetailSchema.parse(res.body).results.find((r) => r.ruleId === 'retired-rule')).toMatchObject({ overview: null, type: 'passFail' });
  });
});

describe('submitting with pictures', () => {
  it('takes a multipart POST (v1) with pictures named by the responses', async () => {
    const v = await vehicle();
    const inspector = await signedInUser(env.server, env.org.orgId, env.org.sectionId, { role: 'inspector' });
    const body = submission(v, [fail('horn', 'Horn wire cut', { pictures: ['horn-1.png', 'horn-2.png'] })]);
    const form = formOf(
      [
        ['pictures', 'horn-1.png', png(301)],
        ['pictures', 'horn-2.png', png(302)],
      ],
      { version: '2', workflowId: String(v.workflowId), miles: '100', hours: '5', responses: JSON.stringify(body.responses) },
    );
    const res = await inspector.api.form('POST', v.recentV1, form);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const horn = inspectionDetailSchema.parse(res.body).results.find((r) => r.ruleId === 'horn')!;
    const byContent = (a: unknown[], b: unknown[]) => String(a[0]).localeCompare(String(b[0]));
    expect(horn.pictures.map((p) => [p.sha256, p.url, p.itemNo]).sort(byContent)).toEqual(
      [png(301), png(302)].map((b) => [sha256(b), fileUrl(sha256(b)), 17]).sort(byContent),
    );
    expect((await env.org.admin.api.download(horn.pictures[0]!.url)).status).toBe(200);
  });

  it('refuses a picture no response names, and a response naming a picture not sent', async () => {
    const v = await vehicle();
    const api = env.org.admin.api;
    const fields = (responses: InspectionResponse[]) => ({
      version: '2',
      workflowId: String(v.workflowId),
      miles: '100',
      hours: '5',
      responses: JSON.stringify(responses),
    });
    const stray = await api.form('POST', v.recentV1, formOf([['pictures', 'stray.png', png(310)]], fields(submission(v).responses)));
    expect(stray.status).toBe(400);
    expect(stray.body.errorMessage).toContain('no response names the picture "stray.png"');
    const missing = await api.form('POST', v.recentV1, formOf([], fields(submission(v, [fail('horn', 'x', { pictures: ['gone.png'] })]).responses)));
    expect(missing.status).toBe(400);
    expect(missing.body.errorMessage).toContain('no picture named "gone.png"');
    expect((await rowsOf(v.vehicleId)).inspections).toEqual([]);
  });

  it('takes a JSON submission (v2) naming pictures uploaded before by sha256', async () => {
    const v = await vehicle();
    const inspector = await signedInUser(env.server, env.org.orgId, env.org.sectionId, { role: 'inspector' });
    expect((await putFile(inspector.api, png(320))).status).toBe(200);
    const res = await inspector.api.call('PUT', v.recentV2, submission(v, [fail('horn', 'Horn loose', { pictures: [sha256(png(320))] })]));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(
      inspectionDetailSchema
        .parse(res.body)
        .results.find((r) => r.ruleId === 'horn')!
        .pictures.map((p) => p.sha256),
    ).toEqual([sha256(png(320))]);
    const notUploaded = await inspector.api.call(
      'PUT',
      v.recentV2,
      submission(v, [fail('horn', 'x', { pictures: [sha256(png(321))] })], { inspectionId: nanoid() }),
    );
    expect(notUploaded.status).toBe(400);
    expect(notUploaded.body.errorMessage).toContain('has not been uploaded yet');
  });
});

describe('amending an inspection (PATCH .../inspection/recent)', () => {
  const amendment = (v: { workflowId: number }, extra: Record<string, unknown> = {}) => ({
    version: 2,
    workflowId: v.workflowId,
    miles: 12400,
    hours: 690,
    responses: [{ ruleId: 'AF1800-17', type: 'passFail', result: { isPassing: false }, comment: 'Horn intermittent, found on dispatch' }],
    ...extra,
  });

  it('adds the failed item to the newest inspection, marked as amended, and reports it as a discrepancy of that inspection (v2)', async () => {
    const v = await vehicle();
    const api = env.org.admin.api;
    const first = inspectionDetailSchema.parse((await api.call('PUT', v.recentV2, submission(v))).body);
    // Its picture goes first by content, then the JSON amendment names it.
    expect((await putFile(api, png(340))).status).toBe(200);
    const [response] = amendment(v).responses;
    const withPicture = amendment(v, { responses: [{ ...response, pictures: [sha256(png(340))] }] });
    const res = await api.patch(v.recentV2, withPicture);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const amended = inspectionDetailSchema.parse(res.body);
    expect(amended.inspectionId).toBe(first.inspectionId);
    expect(amended.passed).toBe(false);
    expect(amended.results).toHaveLength(first.results.length + 1);
    expect(amended.results.at(-1)).toMatchObject({
      ruleId: 'AF1800-17',
      result: { isPassing: false },
      comment: 'Horn intermittent, found on dispatch',
      amendedBy: expect.any(String),
    });
    const [d] = (await rowsOf(v.vehicleId)).discrepancies;
    expect(discrepancySchema.shape.itemNo.parse(d!.itemNo)).toBe(17);
    expect(d).toMatchObject({ parentInspectionId: first.inspectionId, reportMiles: 12400, reportHours: 690, reporterUserId: env.org.admin.userId });
    expect(d!.dateDiscovered.toISOString()).toBe(first.inspectionDate);
    // The same amendment again changes nothing.
    const again = await api.patch(v.recentV2, withPicture);
    expect(again.status).toBe(200);
    expect((await rowsOf(v.vehicleId)).discrepancies).toHaveLength(1);
  });

  it('amends the inspection it names, with a picture (v1 multipart)', async () => {
    const v = await vehicle();
    const api = env.org.admin.api;
    const older = inspectionDetailSchema.parse(
      (await api.call('PUT', v.recentV2, submission(v, [], { inspectionDate: new Date(Date.now() - 2 * 86_400_000).toISOString() }))).body,
    );
    await api.call('PUT', v.recentV2, submission(v, [], { inspectionId: nanoid() }));
    const responses = [{ ruleId: 'AF1800-17', type: 'passFail', result: { isPassing: false }, comment: 'Horn cracked', pictures: ['horn.png'] }];
    const form = formOf([['pictures', 'horn.png', png(330)]], {
      version: '2',
      workflowId: String(v.workflowId),
      miles: '12400',
      hours: '690',
      parentInspectionId: older.inspectionId,
      responses: JSON.stringify(responses),
    });
    const res = await api.form('PATCH', v.recentV1, form);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const amended = inspectionDetailSchema.parse(res.body);
    expect(amended.inspectionId).toBe(older.inspectionId);
    expect(amended.results.at(-1)!.pictures.map((p) => p.sha256)).toEqual([sha256(png(330))]);
  });

  it('refuses an amendment of a rule that is not pass/fail, of a passing result, or of a vehicle never inspected', async () => {
    const v = await vehicle();
    const api = env.org.admin.api;
    expect((await api.patch(v.recentV2, amendment(v))).body.errorMessage).toBe('This vehicle has no inspection to amend');
    await api.call('PUT', v.recentV2, submission(v));
    const counter = await api.patch(v.recentV2, amendment(v, { responses: [{ ruleId: 'chocks', type: 'counter', result: { isPassing: false, value: 1 } }] }));
    expect(counter.status).toBe(400);
    expect(counter.body.errorMessage).toContain('only a pass/fail rule can be amended');
    const passing = await api.patch(v.recentV2, amendment(v, { responses: [{ ruleId: 'AF1800-17', type: 'passFail', result: { isPassing: true } }] }));
    expect(passing.status).toBe(400);
    expect(passing.body.errorMessage).toContain('an amendment reports a failure');
  });
});

describe('who may submit', () => {
  it('lets an inspector submit and read the workflow, but not read the website data', async () => {
    const v = await vehicle();
    const inspector = await signedInUser(env.server, env.org.orgId, env.org.sectionId, { role: 'inspector' });
    expect((await inspector.api.get(`/data/v1/vehicles/${v.vehicleId}/workflow`)).status).toBe(200);
    expect((await inspector.api.call('PUT', v.recentV2, submission(v))).status).toBe(201);
    expect((await inspector.api.get(v.history)).status).toBe(403);
    expect((await inspector.api.get(`/data/v1/vehicles/${v.vehicleId}`)).status).toBe(403);
  });

  it('lets a user without a section submit', async () => {
    const v = await vehicle();
    const noSection = await signedInUser(env.server, env.org.orgId, null, { role: 'jrSuper' });
    expect((await noSection.api.get(v.history)).status).toBe(412);
    expect((await noSection.api.call('PUT', v.recentV2, submission(v))).status).toBe(201);
  });

  it('keeps organizations apart: another organization can neither submit to, nor read, this vehicle', async () => {
    const v = await vehicle();
    const first = inspectionDetailSchema.parse((await env.org.admin.api.call('PUT', v.recentV2, submission(v))).body);
    const other = await orgWithAdmin(env.server);
    expect((await other.admin.api.call('PUT', v.recentV2, submission(v))).status).toBe(404);
    expect((await other.admin.api.patch(v.recentV2, submission(v))).status).toBe(404);
    expect((await other.admin.api.get(v.history)).status).toBe(404);
    expect((await other.admin.api.get(v.detail(first.inspectionId))).status).toBe(404);
    expect((await rowsOf(v.vehicleId)).inspections).toHaveLength(1);
    // An id another organization holds is refused on this one's own vehicle too, as another vehicle's is.
    const own = await vehicle(other);
    const reused = await other.admin.api.call('PUT', own.recentV2, { ...submission(own), inspectionId: first.inspectionId });
    expect(reused.status).toBe(409);
    expect((await rowsOf(own.vehicleId)).inspections).toEqual([]);
  });
});
