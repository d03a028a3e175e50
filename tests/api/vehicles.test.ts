import { describe, expect, it } from 'vitest';
import { nanoid } from 'nanoid';
import { and, eq } from 'drizzle-orm';
import { useServerWithOrg, orgWithAdmin, signedInUser } from '../support/session.ts';
import { createVehicle } from '../support/factories.ts';
import { addSections, addWorkflow, type WorkflowSpec } from '../support/table-rows.ts';
import { pullAll } from '../support/sync.ts';
import { vehicleManagement, vehicleStatuses, vehicles, vehicleTypes } from '../../server/db/schema/index.ts';
import { vehicleSchema, vehicleManagementSchema, vehicleStatusRecordSchema } from '../../core/schema/vehicle.ts';
import { vehicleWorkflowSchema } from '../../core/schema/workflow.ts';
import { INVALID_REG_NUMBER_MESSAGE, regNumberExistsMessage } from '../../core/schema/registration.ts';
import { pushResponseSchema } from '../../core/schema/sync.ts';
import { fleetRowSchema } from '../../core/schema/fleet.ts';

const env = useServerWithOrg();

/** An inspection workflow of the organization, with rules in the given order. */
const createWorkflow = (orgId: string, spec: WorkflowSpec = {}) => addWorkflow(env.server.ctx, orgId, spec);

const uniqueReg = () => `V-${nanoid(8).replace(/[^A-Za-z0-9]/g, 'Q')}`;

async function newVehicleBody(overrides: Record<string, unknown> = {}) {
  return { regNumber: uniqueReg(), vehicleType: 'Truck', sectionId: env.org.sectionId, workflowId: await createWorkflow(env.org.orgId), ...overrides };
}

describe('creating a vehicle', () => {
  it('creates it with a new type, its first history rows, all in one revision the feed delivers', async () => {
    const { cursor } = await pullAll(env.org.admin.api);
    const type = `Tow Tractor ${nanoid(4).replace(/[^A-Za-z0-9]/g, 'x')}`;
    const body = await newVehicleBody({ regNumber: '  AB-1234  ', vehicleType: type, wrm: true, year: 2019, make: ' Ford ', model: '', eolDate: '2034-05-01' });
    const res = await env.org.admin.api.post('/data/v1/vehicles', body);
    expect(res.status).toBe(201);
    const vehicle = vehicleSchema.parse(res.body);
    expect(vehicle).toMatchObject({
      regNumber: 'AB-1234',
      orgId: env.org.orgId,
      vehicleType: type,
      wrm: true,
      year: 2019,
      make: 'Ford',
      model: null,
      eolDate: '2034-05-01',
      decommissionDate: null,
      sectionId: env.org.sectionId,
      workflowId: body.workflowId,
      eticDate: null,
      status: [{ status: 'valid', eticDate: null, userId: env.org.admin.userId }],
    });
    expect(vehicle.vehicleId).toHaveLength(21);

    expect((await env.org.admin.api.get(`/data/v1/vehicles/${vehicle.vehicleId}`)).body).toEqual(vehicle);
    expect((await env.org.admin.api.get('/data/v2/vehicles')).body).toContainEqual(vehicle);
    expect((await env.org.admin.api.get('/data/v2/vehicles/types')).body).toContain(type);

    const { rows } = await pullAll(env.org.admin.api, { cursor });
    const changes = [...rows.values()];
    expect(rows.get(`vehicles/${vehicle.vehicleId}`)?.data).toEqual(vehicle);
    const management = changes.filter((c) => c.t === 'vehicleManagement').map((c) => vehicleManagementSchema.parse(c.data));
    expect(management).toEqual([expect.objectContaining({ vehicleId: vehicle.vehicleId, ...vehicle.management[0] })]);
    const statuses = changes.filter((c) => c.t === 'vehicleStatuses').map((c) => vehicleStatusRecordSchema.parse(c.data));
    expect(statuses).toEqual([expect.objectContaining({ vehicleId: vehicle.vehicleId, ...vehicle.status[0] })]);
    expect(changes.filter((c) => c.t === 'vehicleTypes').map((c) => c.data)).toEqual([expect.objectContaining({ vehicleType: type })]);

    const db = env.server.ctx.db;
    const [row] = await db.select().from(vehicles).where(eq(vehicles.id, vehicle.vehicleId));
    const revs = [
      ...(await db.select({ rev: vehicleManagement.rev }).from(vehicleManagement).where(eq(vehicleManagement.vehicleId, vehicle.vehicleId))),
      ...(await db.select({ rev: vehicleStatuses.rev }).from(vehicleStatuses).where(eq(vehicleStatuses.vehicleId, vehicle.vehicleId))),
      ...(await db
        .select({ rev: vehicleTypes.rev })
        .from(vehicleTypes)
        .where(and(eq(vehicleTypes.orgId, env.org.orgId), eq(vehicleTypes.name, type)))),
    ].map((r) => r.rev);
    expect(revs).toEqual([row!.rev, row!.rev, row!.rev]);
  });

  it('uses an existing type in its stored spelling and keeps the id the client gave', async () => {
    await env.org.admin.api.post('/data/v2/vehicles/types', { vehicleType: 'Forklift' });
    const vehicleId = nanoid();
    const res = await env.org.admin.api.post('/data/v1/vehicles', await newVehicleBody({ vehicleId, vehicleType: ' FORKLIFT ' }));
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ vehicleId, vehicleType: 'Forklift' });
    const types: string[] = (await env.org.admin.api.get('/data/v2/vehicles/types')).body;
    expect(types.filter((t) => t.toLowerCase() === 'forklift')).toEqual(['Forklift']);

    const again = await env.org.admin.api.post('/data/v1/vehicles', await newVehicleBody({ vehicleId }));
    expect(again.status).toBe(409);
  });

  it('refuses a badly formed registration number or type name with the spec’s message', async () => {
    for (const regNumber of ['AB1', 'AB--12', '-AB12', 'AB12345678901234', 'AB_12!']) {
      const res = await env.org.admin.api.post('/data/v1/vehicles', await newVehicleBody({ regNumber }));
      expect(res.status, regNumber).toBe(400);
      expect(res.body.errorMessage).toBe(`regNumber: ${INVALID_REG_NUMBER_MESSAGE}`);
    }
    const badType = await env.org.admin.api.post('/data/v1/vehicles', await newVehicleBody({ vehicleType: 'Truck <big>' }));
    expect(badType.status).toBe(400);
    expect(badType.body.errorMessage).toMatch(/^vehicleType: Vehicle types may contain/);
    const missing = await env.org.admin.api.post('/data/v1/vehicles', { regNumber: uniqueReg(), vehicleType: 'Truck' });
    expect(missing.status).toBe(400);
    expect(missing.body.errors.map((e: { message: string }) => e.message)).toEqual(['sectionId: Section is required', 'workflowId: Workflow is required']);
  });

  it('refuses a registration the organization has, case-insensitively, naming a decommissioned holder', async () => {
    const reg = uniqueReg();
    expect((await env.org.admin.api.post('/data/v1/vehicles', await newVehicleBody({ regNumber: reg }))).status).toBe(201);
    const typed = ` ${reg.toLowerCase()} `;
    const dup = await env.org.admin.api.post('/data/v1/vehicles', await newVehicleBody({ regNumber: typed }));
    expect(dup.status).toBe(409);
    expect(dup.body.errorMessage).toBe(regNumberExistsMessage(reg.toLowerCase()));

    const archived = await createVehicle(env.server.ctx, env.org.orgId, env.org.sectionId);
    expect((await env.org.admin.api.delete(`/data/v1/vehicles/${archived.vehicleId}`)).status).toBe(200);
    const onArchived = await env.org.admin.api.post('/data/v1/vehicles', await newVehicleBody({ regNumber: archived.regNumber }));
    expect(onArchived.status).toBe(409);
    expect(onArchived.body.errorMessage).toBe(regNumberExistsMessage(archived.regNumber, true));

    // Another organization may use the same registration.
    const other = await orgWithAdmin(env.server);
    const elsewhere = await other.admin.api.post('/data/v1/vehicles', {
      regNumber: reg,
      vehicleType: 'Truck',
      sectionId: other.sectionId,
      workflowId: await createWorkflow(other.orgId),
    });
    expect(elsewhere.status).toBe(201);
  });

  it('needs a section and an active workflow of the organization', async () => {
    const other = await orgWithAdmin(env.server);
    const cases: [Record<string, unknown>, string][] = [
      [{ sectionId: 'no-such-section' }, 'That section does not exist in this organization'],
      [{ sectionId: other.sectionId }, 'That section does not exist in this organization'],
      [{ workflowId: 424242 }, 'That workflow does not exist in this organization'],
      [{ workflowId: await createWorkflow(other.orgId) }, 'That workflow does not exist in this organization'],
      [{ workflowId: await createWorkflow(env.org.orgId, { active: false }) }, 'That workflow is inactive; choose an active workflow'],
    ];
    for (const [overrides, message] of cases) {
      const body = await newVehicleBody(overrides);
      const res = await env.org.admin.api.post('/data/v1/vehicles', body);
      expect(res.status).toBe(400);
      expect(res.body.errorMessage).toBe(message);
      expect((await env.server.ctx.db.select().from(vehicles).where(eq(vehicles.regNumber, body.regNumber))).length).toBe(0);
    }
  });

  it('is written by supervisors and the VCO, read by dispatchers, closed to inspectors and users without a role', async () => {
    for (const role of ['jrSuper', 'sectionLead', 'vco'] as const) {
      const user = await signedInUser(env.server, env.org.orgId, env.org.sectionId, { role });
      expect((await user.api.post('/data/v1/vehicles', await newVehicleBody())).status, role).toBe(201);
      expect((await user.api.get('/data/v2/vehicles')).status).toBe(200);
    }
    // Dispatchers are read-only users (core/rules/read-only.ts): they read the fleet and change nothing.
    const dispatcher = await signedInUser(env.server, env.org.orgId, env.org.sectionId, { role: 'dispatcher' });
    const body = await newVehicleBody();
    const refused = await dispatcher.api.post('/data/v1/vehicles', body);
    expect(refused.status).toBe(403);
    expect(refused.body.errorMessage).toBe('Your role does not allow this');
    expect((await env.server.ctx.db.select().from(vehicles).where(eq(vehicles.regNumber, body.regNumber))).length).toBe(0);
    const { vehicleId } = await createVehicle(env.server.ctx, env.org.orgId, env.org.sectionId);
    expect((await dispatcher.api.patch(`/data/v2/vehicles/${vehicleId}`, { status: 'invalid' })).status).toBe(403);
    expect((await dispatcher.api.get('/data/v2/vehicles')).status).toBe(200);
    expect((await dispatcher.api.get('/data/v2/fleet/bulk')).status).toBe(200);
    const inspector = await signedInUser(env.server, env.org.orgId, env.org.sectionId, { role: 'inspector' });
    expect((await inspector.api.post('/data/v1/vehicles', await newVehicleBody())).status).toBe(403);
    expect((await inspector.api.get('/data/v2/vehicles')).status).toBe(403);
    const roleless = await signedInUser(env.server, env.org.orgId, env.org.sectionId, { role: null });
    expect((await roleless.api.get('/data/v2/vehicles/types')).status).toBe(403);
  });
});

describe('commission', () => {
  it('decommissions by DELETE, re-commissions by PATCH, and refuses a repeat', async () => {
    const { vehicleId } = await createVehicle(env.server.ctx, env.org.orgId, env.org.sectionId);
    const path = `/data/v1/vehicles/${vehicleId}`;
    const off = await env.org.admin.api.delete(path);
    expect(off.status).toBe(200);
    expect(vehicleSchema.parse(off.body).decommissionDate).not.toBeNull();
    const twice = await env.org.admin.api.delete(path);
    expect(twice.status).toBe(409);
    expect(twice.body.errorMessage).toBe('This vehicle is already decommissioned');
    expect((await env.org.admin.api.patch(path, { decommissioned: true })).status).toBe(409);

    const on = await env.org.admin.api.patch(path, { decommissioned: false });
    expect(on.status).toBe(200);
    expect(on.body.decommissionDate).toBeNull();
    const onAgain = await env.org.admin.api.patch(path, { decommissioned: false });
    expect(onAgain.status).toBe(409);
    expect(onAgain.body.errorMessage).toBe('This vehicle is already in commission');

    const offByPatch = await env.org.admin.api.patch(path, { decommissioned: true });
    expect(offByPatch.status).toBe(200);
    expect(offByPatch.body.decommissionDate).not.toBeNull();
    const bad = await env.org.admin.api.patch(path, { decommissioned: 'yes' });
    expect(bad.status).toBe(400);
    expect(bad.body.errorMessage).toMatch(/^decommissioned: /);
  });
});

describe('organization isolation', () => {
  it('answers 404 for another organization’s vehicle and never changes it', async () => {
    const other = await orgWithAdmin(env.server);
    const theirs = await createVehicle(env.server.ctx, other.orgId, other.sectionId);
    const [before] = await env.server.ctx.db.select().from(vehicles).where(eq(vehicles.id, theirs.vehicleId));
    const api = env.org.admin.api;
    const v1 = `/data/v1/vehicles/${theirs.vehicleId}`;
    expect((await api.get(v1)).status).toBe(404);
    expect((await api.get(`${v1}/workflow`)).status).toBe(404);
    expect((await api.delete(v1)).status).toBe(404);
    expect((await api.patch(v1, { decommissioned: true })).status).toBe(404);
    expect((await api.patch(`/data/v2/vehicles/${theirs.vehicleId}`, { status: 'inMx' })).status).toBe(404);
    expect((await api.patch(`/data/v2/vehicles/${theirs.vehicleId}`, { miles: 5 })).status).toBe(404);
    expect((await api.get('/data/v2/vehicles')).body.some((v: { vehicleId: string }) => v.vehicleId === theirs.vehicleId)).toBe(false);
    const [after] = await env.server.ctx.db.select().from(vehicles).where(eq(vehicles.id, theirs.vehicleId));
    expect(after).toEqual(before);
  });
});

describe('a pushed vehicle change', () => {
  it('applies once: a retried batch answers duplicate and writes nothing more', async () => {
    const clientId = nanoid();
    const vehicleId = nanoid();
    const body = await newVehicleBody({ vehicleId });
    const batch = {
      clientId,
      mutations: [
        { id: nanoid(), seq: 1, name: 'createVehicle', request: { method: 'POST', path: '/data/v1/vehicles', body } },
        { id: nanoid(), seq: 2, name: 'updateVehicle', request: { method: 'PATCH', path: `/data/v2/vehicles/${vehicleId}`, body: { status: 'inMx' } } },
        { id: nanoid(), seq: 3, name: 'updateVehicle', request: { method: 'PATCH', path: `/data/v2/vehicles/${vehicleId}`, body: { status: 'valid' } } },
      ],
    };
    const first = pushResponseSchema.parse((await env.org.admin.api.post('/data/v1/sync/push', batch)).body);
    expect(first.results.map((r) => [r.status, r.httpStatus])).toEqual([
      ['applied', 201],
      ['applied', 200],
      ['applied', 200],
    ]);
    expect(first.results[0]!.response).toMatchObject({ vehicleId, regNumber: body.regNumber });
    const second = pushResponseSchema.parse((await env.org.admin.api.post('/data/v1/sync/push', batch)).body);
    expect(second.results.map((r) => r.status)).toEqual(['duplicate', 'duplicate', 'duplicate']);
    expect(second.results[0]!.response).toEqual(first.results[0]!.response);

    const statuses = await env.server.ctx.db.select().from(vehicleStatuses).where(eq(vehicleStatuses.vehicleId, vehicleId));
    expect(statuses.map((s) => s.status).sort()).toEqual(['inMx', 'valid', 'valid']);
    const { pages } = await pullAll(env.org.admin.api, { clientId });
    expect(pages.flatMap((p) => p.acks)).toEqual(expect.arrayContaining(batch.mutations.map((m) => m.id)));
  });
});

describe('vehicle workflow', () => {
  it('answers the vehicle’s workflow with its rules in order', async () => {
    const workflowId = await createWorkflow(env.org.orgId, {
      rules: [
        { ruleId: 'AF1800-3', title: 'Tires', af1800Id: 3 },
        { ruleId: 'AF1800-M', title: 'Mileage', isBoolean: false },
        { ruleId: 'custom-1', title: 'Cab clean' },
      ],
    });
    const created = await env.org.admin.api.post('/data/v1/vehicles', await newVehicleBody({ workflowId }));
    const res = await env.org.admin.api.get(`/data/v1/vehicles/${created.body.vehicleId}/workflow`);
    expect(res.status).toBe(200);
    // How each rule is answered, and that a vehicle never inspected is asked every rule.
    const asked = { ruleType: expect.any(String), fields: expect.any(Object), lookup: null, frequency: 'daily', due: true };
    expect(vehicleWorkflowSchema.parse(res.body)).toEqual({
      version: 1,
      workflowId,
      rules: [
        { ruleId: 'AF1800-3', title: 'Tires', af1800Id: 3, isBoolean: true, ...asked },
        { ruleId: 'AF1800-M', title: 'Mileage', af1800Id: null, isBoolean: false, ...asked },
        { ruleId: 'custom-1', title: 'Cab clean', af1800Id: null, isBoolean: true, ...asked },
      ],
    });
    const bare = await createVehicle(env.server.ctx, env.org.orgId, env.org.sectionId);
    const none = await env.org.admin.api.get(`/data/v1/vehicles/${bare.vehicleId}/workflow`);
    expect(none.status).toBe(404);
    expect(none.body.errorMessage).toBe('This vehicle has no inspection workflow');
  });
});

describe('Fleet Details rows', () => {
  it('derives a row per vehicle of the organization and leaves decommissioned ones out unless showArchives', async () => {
    const title = `Fleet ${nanoid(6)}`;
    const workflowId = await createWorkflow(env.org.orgId, { title });
    const kept = (await env.org.admin.api.post('/data/v1/vehicles', await newVehicleBody({ workflowId, wrm: true }))).body;
    const archived = (await env.org.admin.api.post('/data/v1/vehicles', await newVehicleBody({ workflowId }))).body;
    await env.org.admin.api.delete(`/data/v1/vehicles/${archived.vehicleId}`);
    await env.org.admin.api.patch(`/data/v2/vehicles/${kept.vehicleId}`, { status: 'inMx', eticDate: '2099-01-01T00:00:00Z' });
    const other = await orgWithAdmin(env.server);
    const theirs = await createVehicle(env.server.ctx, other.orgId, other.sectionId);

    const res = await env.org.admin.api.get('/data/v2/fleet/bulk');
    expect(res.status).toBe(200);
    const rows = fleetRowSchema.array().parse(res.body);
    const ids = rows.map((r) => r.vehicleId);
    expect(ids).toContain(kept.vehicleId);
    expect(ids).not.toContain(archived.vehicleId);
    expect(ids).not.toContain(theirs.vehicleId);
    expect(rows.every((r) => r.inCommission)).toBe(true);
    expect(rows.find((r) => r.vehicleId === kept.vehicleId)).toMatchObject({
      regNumber: kept.regNumber,
      wrm: true,
      sectionId: env.org.sectionId,
      vehicleType: 'Truck',
      status: 'inMx',
      workflowTitle: title,
      eticDate: '2099-01-01T00:00:00.000Z',
      inCommission: true,
    });

    const all = fleetRowSchema.array().parse((await env.org.admin.api.get('/data/v2/fleet/bulk?showArchives=true')).body);
    expect(all.find((r) => r.vehicleId === archived.vehicleId)).toMatchObject({ regNumber: archived.regNumber, inCommission: false });
    expect(all.map((r) => r.vehicleId)).not.toContain(theirs.vehicleId);
    expect(fleetRowSchema.array().parse((await env.org.admin.api.get('/data/v2/fleet/bulk?showArchives=false')).body)).toEqual(rows);

    const bad = await env.org.admin.api.get('/data/v2/fleet/bulk?showArchives=yes');
    expect(bad.status).toBe(400);
    expect(bad.body.errorMessage).toBe('Query showArchives: showArchives is true or false');
  });
});

describe('bad input', () => {
  it('refuses a malformed vehicle id with a 400, an unknown one with a 404, and a deleted section', async () => {
    const bad = await env.org.admin.api.get('/data/v1/vehicles/not%20an%20id');
    expect(bad.status).toBe(400);
    expect(bad.body.errorMessage).toMatch(/^Path vehicleId: /);
    expect((await env.org.admin.api.get(`/data/v1/vehicles/${'a'.repeat(65)}`)).status).toBe(400);
    expect((await env.org.admin.api.get(`/data/v1/vehicles/${nanoid()}`)).status).toBe(404);
    const [sectionId] = await addSections(env.server.ctx, env.org.orgId, ['Gone'], { deletedAt: new Date() });
    const res = await env.org.admin.api.post('/data/v1/vehicles', await newVehicleBody({ sectionId }));
    expect(res.status).toBe(400);
  });

  it('answers values the database cannot hold with a 400 naming the field', async () => {
    const { vehicleId } = await createVehicle(env.server.ctx, env.org.orgId, env.org.sectionId);
    const cases: [unknown, string][] = [
      [{ hours: 3_000_000_000 }, 'hours: Enter a number of at most 2,147,483,647'],
      [{ eolDate: '0000-01-01' }, 'eolDate: Enter a date in the years 1900 to 9999'],
      [{ status: 'inMx', eticDate: '9999-12-31T23:59:59-14:00' }, 'eticDate: Enter a date in the years 1900 to 9999'],
      [{ make: 'a\u0000b' }, 'make: Remove the NUL character from the text'],
    ];
    for (const [body, message] of cases) {
      const res = await env.org.admin.api.patch(`/data/v2/vehicles/${vehicleId}`, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.errorMessage).toBe(message);
    }
    const nul = await env.org.admin.api.post('/data/v1/vehicles', await newVehicleBody({ model: 'x\u0000' }));
    expect(nul.body.errorMessage).toBe('model: Remove the NUL character from the text');
    const old = await env.org.admin.api.post('/data/v1/vehicles', await newVehicleBody({ eolDate: '1066-10-14' }));
    expect(old.body.errorMessage).toBe('eolDate: Enter a date in the years 1900 to 9999');
  });

  it('answers every malformed body with a 4xx and a message, never a 500', async () => {
    const { vehicleId } = await createVehicle(env.server.ctx, env.org.orgId, env.org.sectionId);
    const routes = [
      ['POST', '/data/v1/vehicles'],
      ['PATCH', `/data/v2/vehicles/${vehicleId}`],
      ['PATCH', `/data/v1/vehicles/${vehicleId}`],
      ['POST', '/data/v2/vehicles/types'],
    ];
    const bodies = [
      '{}',
      '[]',
      '"text"',
      '12',
      'null',
      '{"regNumber": "A',
      JSON.stringify({ regNumber: 12, vehicleType: [], sectionId: { a: 1 }, workflowId: '7', wrm: 'yes', miles: {}, status: null, decommissioned: 1 }),
      '{"__proto__": {"status": "inMx"}, "constructor": {"prototype": {"x": 1}}}',
    ];
    const failures: string[] = [];
    for (const [method, url] of routes) {
      for (const body of bodies) {
        const res = await env.org.admin.api.call(method!, url!, body, { 'content-type': 'application/json' });
        if (res.status < 400 || res.status >= 500 || !res.body?.errorMessage) failures.push(`${method} ${url} ${body}: ${res.status}`);
      }
    }
    expect(failures).toEqual([]);
  });
});
