import { describe, expect, it } from 'vitest';
import { nanoid } from 'nanoid';
import { eq, inArray } from 'drizzle-orm';
import { orgWithAdmin, useServerWithOrg } from '../support/session.ts';
import { createVehicle } from '../support/factories.ts';
import { addWorkflow } from '../support/table-rows.ts';
import { vehicles, vehicleStatuses } from '../../server/db/schema/index.ts';
import { vehicleSchema } from '../../core/schema/vehicle.ts';
import { INVALID_REG_NUMBER_MESSAGE, REG_NUMBER_DUPLICATED_MESSAGE, regNumberExistsMessage } from '../../core/schema/registration.ts';

/**
 * Vehicle creation with the spec's array (part 2 §7) beside the single vehicle the outbox sends (part 1
 * §7), and update, decommission and recommission by registration as well as by id (part 1 §7).
 */
const env = useServerWithOrg();

const uniqueReg = () => `B-${nanoid(8).replace(/[^A-Za-z0-9]/g, 'Q')}`;

async function body(overrides: Record<string, unknown> = {}): Promise<Record<string, unknown> & { regNumber: string; vehicleId?: string }> {
  return { regNumber: uniqueReg(), vehicleType: 'Truck', sectionId: env.org.sectionId, workflowId: await addWorkflow(env.server.ctx, env.org.orgId), ...overrides };
}

const rowsOf = (regNumbers: string[]) => env.server.ctx.db.select().from(vehicles).where(inArray(vehicles.regNumber, regNumbers));

describe('creating vehicles with an array (part 2 §7)', () => {
  it('creates every vehicle, answering them in the order sent', async () => {
    const batch = [await body(), await body({ wrm: true, year: 2020 }), await body({ vehicleId: nanoid(), vehicleType: 'Tug' })];
    const res = await env.org.admin.api.post('/data/v1/vehicles', batch);
    expect(res.status).toBe(201);
    const created = vehicleSchema.array().parse(res.body);
    expect(created.map((v) => v.regNumber)).toEqual(batch.map((b) => b.regNumber));
    expect(created[1]).toMatchObject({ wrm: true, year: 2020, decommissionDate: null, status: [{ status: 'valid' }] });
    expect(created[2]!.vehicleId).toBe(batch[2]!.vehicleId);
    expect(await rowsOf(batch.map((b) => b.regNumber))).toHaveLength(3);
    const statuses = await env.server.ctx.db
      .select()
      .from(vehicleStatuses)
      .where(
        inArray(
          vehicleStatuses.vehicleId,
          created.map((v) => v.vehicleId),
        ),
      );
    expect(statuses).toHaveLength(3);
  });

  it('refuses the whole batch when any vehicle is refused, naming each refused vehicle, and creates none', async () => {
    const taken = await createVehicle(env.server.ctx, env.org.orgId, env.org.sectionId);
    const inactive = await addWorkflow(env.server.ctx, env.org.orgId, { active: false });
    const good = await body();
    const twice = uniqueReg();
    const batch = [
      good,
      await body({ regNumber: 'AB--1' }),
      await body({ regNumber: taken.regNumber.toLowerCase() }),
      await body({ regNumber: twice }),
      await body({ regNumber: ` ${twice.toUpperCase()} ` }),
      await body({ workflowId: inactive }),
    ];
    const res = await env.org.admin.api.post('/data/v1/vehicles', batch);
    expect(res.status).toBe(400);
    const message: string = res.body.errorMessage;
    expect(message).toMatch(/^4 of 6 vehicles refused, so none was created: /);
    expect(message).toContain(`vehicle 2 (AB--1): regNumber: ${INVALID_REG_NUMBER_MESSAGE}`);
    expect(message).toContain(`vehicle 3 (${taken.regNumber.toLowerCase()}): ${regNumberExistsMessage(taken.regNumber.toLowerCase())}`);
    expect(message).toContain(`vehicle 5 (${twice.toUpperCase()}): ${REG_NUMBER_DUPLICATED_MESSAGE} (vehicle 4 has it too)`);
    expect(message).toContain(`vehicle 6 (${batch[5]!.regNumber}): That workflow is inactive; choose an active workflow`);
    expect(message).not.toContain('vehicle 1 ');
    expect(res.body.errors.map((e: { index: number; regNumber: string }) => [e.index, e.regNumber])).toEqual([
      [1, 'AB--1'],
      [2, taken.regNumber.toLowerCase()],
      [4, twice.toUpperCase()],
      [5, batch[5]!.regNumber],
    ]);
    // Nothing was created, the good vehicle and the first of the pair included.
    expect(await rowsOf([good.regNumber, twice, batch[5]!.regNumber])).toEqual([]);
  });

  it('refuses an empty array, an element that is no vehicle, and a vehicle id given twice or in use', async () => {
    const empty = await env.org.admin.api.post('/data/v1/vehicles', []);
    expect(empty.status).toBe(400);
    expect(empty.body.errorMessage).toBe('Send at least one vehicle');
    const junk = await env.org.admin.api.post('/data/v1/vehicles', [await body(), 12]);
    expect(junk.status).toBe(400);
    expect(junk.body.errorMessage).toMatch(/^1 of 2 vehicles refused, so none was created: vehicle 2 \(no registration number\): /);
    const id = nanoid();
    const sameId = [await body({ vehicleId: id }), await body({ vehicleId: id })];
    const dup = await env.org.admin.api.post('/data/v1/vehicles', sameId);
    expect(dup.status).toBe(400);
    expect(dup.body.errorMessage).toContain(`vehicle 2 (${sameId[1]!.regNumber}): vehicleId: vehicle 1 has the same id`);
    const existing = await createVehicle(env.server.ctx, env.org.orgId, env.org.sectionId);
    const inUse = await env.org.admin.api.post('/data/v1/vehicles', [await body({ vehicleId: existing.vehicleId })]);
    expect(inUse.status).toBe(400);
    expect(inUse.body.errorMessage).toContain('A vehicle with this id exists already');
    expect(await rowsOf(sameId.map((b) => b.regNumber))).toEqual([]);
  });

  it('still takes the single vehicle the outbox sends, answering that vehicle', async () => {
    const one = await body({ vehicleId: nanoid() });
    const res = await env.org.admin.api.post('/data/v1/vehicles', one);
    expect(res.status).toBe(201);
    expect(vehicleSchema.parse(res.body)).toMatchObject({ vehicleId: one.vehicleId, regNumber: one.regNumber });
  });
});

describe('update, decommission and recommission by registration or by id (part 1 §7)', () => {
  it('finds the vehicle by its registration, trimmed and in any case, or by its id', async () => {
    const { vehicleId, regNumber } = await createVehicle(env.server.ctx, env.org.orgId, env.org.sectionId, {
      regNumber: `12L${nanoid(4).replace(/[^A-Za-z0-9]/g, '7')}`,
    });
    const api = env.org.admin.api;
    const byReg = await api.patch(`/data/v2/vehicles/${regNumber}`, { status: 'inMx' });
    expect(byReg.status).toBe(200);
    expect(byReg.body).toMatchObject({ vehicleId, status: [{ status: 'inMx' }] });
    const byLowerReg = await api.patch(`/data/v2/vehicles/${regNumber.toLowerCase()}`, { miles: 1200 });
    expect(byLowerReg.status).toBe(200);
    expect(byLowerReg.body).toMatchObject({ vehicleId, lastReportedMileage: 1200 });
    const byId = await api.patch(`/data/v2/vehicles/${vehicleId}`, { status: 'valid' });
    expect(byId.status).toBe(200);

    const off = await api.delete(`/data/v1/vehicles/${regNumber}`);
    expect(off.status).toBe(200);
    expect(vehicleSchema.parse(off.body)).toMatchObject({ vehicleId, decommissionDate: expect.any(String) });
    // A decommissioned vehicle is still found by its registration, to be put back in commission.
    const on = await api.patch(`/data/v1/vehicles/${regNumber}`, { decommissioned: false });
    expect(on.status).toBe(200);
    expect(on.body).toMatchObject({ vehicleId, decommissionDate: null });
    expect((await api.delete(`/data/v1/vehicles/${vehicleId}`)).status).toBe(200);
    expect((await api.patch(`/data/v1/vehicles/${vehicleId}`, { decommissioned: false })).status).toBe(200);
  });

  it('takes a registration with a space, percent-encoded', async () => {
    const { vehicleId } = await createVehicle(env.server.ctx, env.org.orgId, env.org.sectionId, { regNumber: 'SP 4711' });
    const res = await env.org.admin.api.patch('/data/v2/vehicles/SP%204711', { status: 'warning' });
    expect(res.status).toBe(200);
    expect(res.body.vehicleId).toBe(vehicleId);
  });

  it('answers 404 for another organization’s registration and changes nothing there', async () => {
    const other = await orgWithAdmin(env.server);
    const theirs = await createVehicle(env.server.ctx, other.orgId, other.sectionId);
    const [before] = await env.server.ctx.db.select().from(vehicles).where(eq(vehicles.id, theirs.vehicleId));
    const api = env.org.admin.api;
    for (const res of [
      await api.patch(`/data/v2/vehicles/${theirs.regNumber}`, { status: 'inMx' }),
      await api.delete(`/data/v1/vehicles/${theirs.regNumber}`),
      await api.patch(`/data/v1/vehicles/${theirs.regNumber}`, { decommissioned: true }),
    ]) {
      expect(res.status).toBe(404);
      expect(res.body.errorMessage).toBe('No such vehicle in your organization');
    }
    const [after] = await env.server.ctx.db.select().from(vehicles).where(eq(vehicles.id, theirs.vehicleId));
    expect(after).toEqual(before);

    // The same registration in both organizations: each caller reaches its own vehicle.
    const mine = await createVehicle(env.server.ctx, env.org.orgId, env.org.sectionId, { regNumber: theirs.regNumber });
    const res = await api.patch(`/data/v2/vehicles/${theirs.regNumber}`, { status: 'inMx' });
    expect(res.status).toBe(200);
    expect(res.body.vehicleId).toBe(mine.vehicleId);
  });

  it('prefers an id match when one vehicle’s id is another’s registration, and refuses a path that is neither', async () => {
    const named = await createVehicle(env.server.ctx, env.org.orgId, env.org.sectionId);
    // A seeded or legacy id may spell a registration: the vehicle with that id wins.
    const legacyId = named.regNumber;
    await env.server.ctx.write(env.org.orgId, undefined, async ({ tx, rev }) => {
      await tx.insert(vehicles).values({ id: legacyId, orgId: env.org.orgId, rev, regNumber: uniqueReg(), vehicleType: 'Truck', sectionId: env.org.sectionId });
    });
    const res = await env.org.admin.api.patch(`/data/v2/vehicles/${legacyId}`, { status: 'inMx' });
    expect(res.status).toBe(200);
    expect(res.body.vehicleId).toBe(legacyId);
    const bad = await env.org.admin.api.patch('/data/v2/vehicles/AB%20%2012', { status: 'inMx' });
    expect(bad.status).toBe(400);
    expect(bad.body.errorMessage).toBe('Path vehicleId: Name the vehicle by its id or its registration number');
  });
});
