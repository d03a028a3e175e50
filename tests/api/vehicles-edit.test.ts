import { describe, expect, it } from 'vitest';
import { nanoid } from 'nanoid';
import { and, asc, eq } from 'drizzle-orm';
import { useServerWithOrg, orgWithAdmin } from '../support/session.ts';
import { createVehicle } from '../support/factories.ts';
import { addSections, addWorkflow } from '../support/table-rows.ts';
import { openStream } from '../support/stream.ts';
import { vehicleManagement, vehicleStatuses, vehicleTypes } from '../../server/db/schema/index.ts';
import { streamTicketSchema } from '../../core/schema/stream.ts';
import { vehicleSchema, type Vehicle } from '../../core/schema/vehicle.ts';
import { INVALID_REG_NUMBER_MESSAGE, REG_NUMBER_EXISTS_ON_EDIT_MESSAGE } from '../../core/schema/registration.ts';

const env = useServerWithOrg();

const createWorkflow = (orgId: string, active = true) => addWorkflow(env.server.ctx, orgId, { active });

async function createSection(orgId: string): Promise<string> {
  const [id] = await addSections(env.server.ctx, orgId, [`Section ${nanoid(4)}`]);
  return id!;
}

/** A vehicle made through the API, so that it has its first history rows. */
async function newVehicle(overrides: Record<string, unknown> = {}): Promise<Vehicle> {
  const res = await env.org.admin.api.post('/data/v1/vehicles', {
    regNumber: `E-${nanoid(8).replace(/[^A-Za-z0-9]/g, 'Q')}`,
    vehicleType: 'Truck',
    sectionId: env.org.sectionId,
    workflowId: await createWorkflow(env.org.orgId),
    ...overrides,
  });
  expect(res.status).toBe(201);
  return vehicleSchema.parse(res.body);
}

const patch = (vehicleId: string, body: unknown) => env.org.admin.api.patch(`/data/v2/vehicles/${vehicleId}`, body);

const managementRows = (vehicleId: string) =>
  env.server.ctx.db.select().from(vehicleManagement).where(eq(vehicleManagement.vehicleId, vehicleId)).orderBy(asc(vehicleManagement.validFrom));
const statusRows = (vehicleId: string) =>
  env.server.ctx.db.select().from(vehicleStatuses).where(eq(vehicleStatuses.vehicleId, vehicleId)).orderBy(asc(vehicleStatuses.validFrom));

describe('section and workflow', () => {
  it('moves the vehicle, adds a management history row, and refuses the current or an unknown value', async () => {
    const vehicle = await newVehicle();
    const same = await patch(vehicle.vehicleId, { sectionId: env.org.sectionId });
    expect(same.status).toBe(400);
    expect(same.body.errorMessage).toBe('Choose a different section');
    const sameWorkflow = await patch(vehicle.vehicleId, { workflowId: vehicle.workflowId });
    expect(sameWorkflow.status).toBe(400);
    expect(sameWorkflow.body.errorMessage).toBe('Choose a different workflow');

    const other = await orgWithAdmin(env.server);
    expect((await patch(vehicle.vehicleId, { sectionId: other.sectionId })).body.errorMessage).toBe('That section does not exist in this organization');
    expect((await patch(vehicle.vehicleId, { workflowId: await createWorkflow(other.orgId) })).body.errorMessage).toBe(
      'That workflow does not exist in this organization',
    );
    expect((await patch(vehicle.vehicleId, { workflowId: await createWorkflow(env.org.orgId, false) })).body.errorMessage).toBe(
      'That workflow is inactive; choose an active workflow',
    );
    expect(await managementRows(vehicle.vehicleId)).toHaveLength(1);

    const sectionId = await createSection(env.org.orgId);
    const workflowId = await createWorkflow(env.org.orgId);
    const moved = await patch(vehicle.vehicleId, { sectionId, workflowId });
    expect(moved.status).toBe(200);
    const updated = vehicleSchema.parse(moved.body);
    expect(updated).toMatchObject({ sectionId, workflowId, management: [{ sectionId, workflowId, vehicleType: 'Truck' }] });
    expect(updated.management[0]!.validFrom > vehicle.management[0]!.validFrom).toBe(true);
    const history = await managementRows(vehicle.vehicleId);
    expect(history.map((r) => [r.sectionId, r.workflowId])).toEqual([
      [env.org.sectionId, String(vehicle.workflowId)],
      [sectionId, String(workflowId)],
    ]);
    expect(history[1]!.validFrom.toISOString()).toBe(updated.management[0]!.validFrom);
  });
});

describe('registration edit', () => {
  it('trims, allows a change of case, and refuses another vehicle’s registration case-insensitively', async () => {
    const vehicle = await newVehicle({ regNumber: 'ED-1000' });
    const taken = await newVehicle();
    const archived = await createVehicle(env.server.ctx, env.org.orgId, env.org.sectionId);
    await env.org.admin.api.delete(`/data/v1/vehicles/${archived.vehicleId}`);

    for (const regNumber of [taken.regNumber.toLowerCase(), ` ${taken.regNumber} `, archived.regNumber.toLowerCase()]) {
      const clash = await patch(vehicle.vehicleId, { regNumber });
      expect(clash.status, regNumber).toBe(409);
      expect(clash.body.errorMessage).toBe(REG_NUMBER_EXISTS_ON_EDIT_MESSAGE);
    }
    const bad = await patch(vehicle.vehicleId, { regNumber: 'ED 1000!' });
    expect(bad.status).toBe(400);
    expect(bad.body.errorMessage).toBe(`regNumber: ${INVALID_REG_NUMBER_MESSAGE}`);

    const lower = await patch(vehicle.vehicleId, { regNumber: 'ed-1000' });
    expect(lower.status).toBe(200);
    expect(lower.body.regNumber).toBe('ed-1000');
    const renamed = await patch(vehicle.vehicleId, { regNumber: '  ED 2000  ' });
    expect(renamed.body.regNumber).toBe('ED 2000');
    expect((await env.org.admin.api.get(`/data/v1/vehicles/${vehicle.vehicleId}`)).body.regNumber).toBe('ED 2000');
  });
});

describe('mileage and hours', () => {
  it('takes whole numbers with thousands separators, at least 1 and different from the current value', async () => {
    const vehicle = await newVehicle();
    const set = await patch(vehicle.vehicleId, { miles: '12,345', hours: 1500 });
    expect(set.status).toBe(200);
    expect(set.body).toMatchObject({ lastReportedMileage: 12345, lastReportedHours: 1500 });

    const same = await patch(vehicle.vehicleId, { miles: '12345' });
    expect(same.status).toBe(400);
    expect(same.body.errorMessage).toBe('Enter a mileage different from the current 12,345');
    expect((await patch(vehicle.vehicleId, { hours: '1,500' })).body.errorMessage).toBe('Enter hours different from the current 1,500');

    for (const [miles, message] of [
      [0, 'miles: Enter a number of at least 1'],
      ['-4', 'miles: Enter a number of at least 1'],
      ['12.5', 'miles: Enter a whole number'],
      ['lots', 'miles: Enter a whole number'],
    ] as const) {
      const res = await patch(vehicle.vehicleId, { miles });
      expect(res.status, String(miles)).toBe(400);
      expect(res.body.errorMessage).toBe(message);
    }
    expect((await env.org.admin.api.get(`/data/v1/vehicles/${vehicle.vehicleId}`)).body.lastReportedMileage).toBe(12345);
  });
});

describe('status', () => {
  it('sets a status with an ETIC, announces it on the stream, and valid with a null ETIC clears it', async () => {
    const vehicle = await newVehicle();
    const { ticket } = streamTicketSchema.parse((await env.org.admin.api.get('/stream/ticket')).body);
    const stream = await openStream(env.server.baseUrl, ticket);
    const etic = '2030-06-01T12:00:00.000Z';

    const down = await patch(vehicle.vehicleId, { status: 'inMx', eticDate: '2030-06-01T14:00:00+02:00' });
    expect(down.status).toBe(200);
    expect(vehicleSchema.parse(down.body)).toMatchObject({
      eticDate: etic,
      management: [{ eticDate: etic }],
      status: [{ status: 'inMx', eticDate: etic, userId: env.org.admin.userId }],
    });
    const event = await stream.next((m) => m.type === 'event' && m.event.eventType === 'status' && m.event.regNumber === vehicle.regNumber);
    expect(event).toMatchObject({
      type: 'event',
      event: { eventType: 'status', status: 'inMx', vehicleId: vehicle.vehicleId, vehicleType: 'Truck', userId: env.org.admin.userId },
    });

    // A new ETIC alone amends the current status period: no new row, no event.
    const later = '2030-07-01T00:00:00.000Z';
    const moved = await patch(vehicle.vehicleId, { status: 'inMx', eticDate: later });
    expect(moved.body).toMatchObject({ eticDate: later, status: [{ status: 'inMx', eticDate: later, validFrom: down.body.status[0].validFrom }] });

    const refused = await patch(vehicle.vehicleId, { status: 'valid', eticDate: '2031-01-01T00:00:00Z' });
    expect(refused.status).toBe(400);
    expect(refused.body.errorMessage).toBe('An ETIC can be set only for a status other than FMC (valid)');

    const up = await patch(vehicle.vehicleId, { status: 'valid', eticDate: null });
    expect(up.status).toBe(200);
    expect(up.body).toMatchObject({ eticDate: null, status: [{ status: 'valid', eticDate: null }] });
    await stream.next((m) => m.type === 'event' && m.event.eventType === 'status' && m.event.status === 'valid' && m.event.regNumber === vehicle.regNumber);
    const statusEvents = stream.messages.filter((m) => m.type === 'event' && m.event.regNumber === vehicle.regNumber);
    expect(statusEvents).toHaveLength(2);
    stream.close();

    const history = await statusRows(vehicle.vehicleId);
    expect(history.map((r) => [r.status, r.eticDate?.toISOString() ?? null])).toEqual([
      ['valid', null],
      ['inMx', later],
      ['valid', null],
    ]);
    const bad = await patch(vehicle.vehicleId, { status: 'broken' });
    expect(bad.status).toBe(400);
    expect(bad.body.errorMessage).toBe('status: Status must be one of: valid, warning, invalid, inMx');
  });

  it('keeps the ETIC when a status change sends none', async () => {
    const vehicle = await newVehicle();
    const etic = '2030-01-01T00:00:00.000Z';
    await patch(vehicle.vehicleId, { status: 'invalid', eticDate: etic });
    const res = await patch(vehicle.vehicleId, { status: 'warning' });
    expect(res.body).toMatchObject({ eticDate: etic, status: [{ status: 'warning', eticDate: etic }] });
  });
});

describe('description', () => {
  it('changes type, year, make, model, WRM and EOL; a new type is created with it', async () => {
    const vehicle = await newVehicle();
    const type = `Sweeper ${nanoid(4).replace(/[^A-Za-z0-9]/g, 'x')}`;
    const res = await patch(vehicle.vehicleId, { vehicleType: type, year: 2018, make: ' Elgin ', model: '   ', wrm: true, eolDate: '2033-12-31' });
    expect(res.status).toBe(200);
    const updated = vehicleSchema.parse(res.body);
    expect(updated).toMatchObject({ vehicleType: type, year: 2018, make: 'Elgin', model: null, wrm: true, eolDate: '2033-12-31' });
    expect(updated.management[0]).toMatchObject({ vehicleType: type, wrm: true, eolDate: '2033-12-31' });
    const types = await env.server.ctx.db
      .select()
      .from(vehicleTypes)
      .where(and(eq(vehicleTypes.orgId, env.org.orgId), eq(vehicleTypes.name, type)));
    expect(types).toHaveLength(1);
    expect(await managementRows(vehicle.vehicleId)).toHaveLength(2);

    // The same description sent again changes nothing and adds no history.
    const again = await patch(vehicle.vehicleId, { vehicleType: type.toUpperCase(), year: 2018, make: 'Elgin', model: null, wrm: true, eolDate: '2033-12-31' });
    expect(again.body).toEqual(updated);
    expect(await managementRows(vehicle.vehicleId)).toHaveLength(2);
    // Year, make and model are not part of the management history.
    await patch(vehicle.vehicleId, { year: 2017 });
    expect(await managementRows(vehicle.vehicleId)).toHaveLength(2);
  });

  it('refuses an empty body, unknown fields and bad values with the field named', async () => {
    const vehicle = await newVehicle();
    const cases: [unknown, string][] = [
      [{}, 'Nothing to update'],
      [{ color: 'red' }, 'Unrecognized key: "color"'],
      [{ year: 1850 }, 'year: Year is after 1900'],
      [{ eolDate: '31/12/2030' }, 'eolDate: Expected a date as yyyy-MM-dd'],
      [{ vehicleType: '' }, 'vehicleType: Vehicle type is required'],
      [{ make: 'x'.repeat(51) }, 'make: Make is at most 50 characters'],
      [{ sectionId: 'bad id' }, 'sectionId: Ids are letters, digits, _ and -'],
    ];
    for (const [body, message] of cases) {
      const res = await patch(vehicle.vehicleId, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.errorMessage).toBe(message);
    }
  });
});
