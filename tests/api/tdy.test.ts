import { describe, expect, it } from 'vitest';
import { addDays, dayOf } from '../../core/rules/org-clock.ts';
import { TDY_END_AFTER_TODAY, TDY_END_BEFORE_START, TDY_END_REQUIRED } from '../../core/rules/tdy.ts';
import { tdyResource, tdySchema } from '../../core/schema/tdy.ts';
import { createVehicle } from '../support/factories.ts';
import { orgWithAdmin, signedInUser, useServerWithOrg } from '../support/session.ts';

const env = useServerWithOrg();
const { list, item } = tdyResource.paths;
const utcToday = () => new Date().toISOString().slice(0, 10);

describe('TDY (part 1 §7 "TDY", part 2 §7)', () => {
  it('sends a vehicle on TDY by its registration, edits it, and completes it today', async () => {
    const vehicle = await createVehicle(env.server.ctx, env.org.orgId, env.org.sectionId);
    const api = env.org.admin.api;
    const created = await api.post(list.build({}), {
      regNumber: vehicle.regNumber.toLowerCase(),
      startDate: '2026-11-20',
      endDate: '2026-12-10',
      description: ' Exercise ',
    });
    expect(created.status).toBe(201);
    const tdy = tdySchema.parse(created.body);
    expect(tdy).toMatchObject({ vehicleId: vehicle.vehicleId, regNumber: vehicle.regNumber, description: 'Exercise', completed: false, endDate: '2026-12-10' });
    expect(tdy.creatorId).toBe(env.org.admin.userId);

    const path = item.build({ tdyId: tdy.tdyId });
    expect((await api.patch(path, { description: 'Exercise, extended', endDate: '2026-12-24' })).body).toMatchObject({
      description: 'Exercise, extended',
      endDate: '2026-12-24',
      completed: false,
    });
    // Ticking Completed ends it today; unticking clears the end date.
    expect((await api.patch(path, { completed: true })).body).toMatchObject({ completed: true, endDate: utcToday() });
    expect((await api.patch(path, { completed: false })).body).toMatchObject({ completed: false, endDate: null });
  });

  it("ends a TDY on today of the organization's zone, and cancels one that has not started", async () => {
    // UTC+14 and UTC-11: at any hour at least one of them is on another day than UTC.
    for (const zone of ['Pacific/Kiritimati', 'Pacific/Pago_Pago']) {
      const org = await orgWithAdmin(env.server);
      const api = org.admin.api;
      expect((await api.patch(`/data/v1/organizations/${org.orgId}`, { timeZone: zone })).status).toBe(200);
      const vehicle = await createVehicle(env.server.ctx, org.orgId, org.sectionId);
      const send = async (startDate: string, endDate: string | null) =>
        tdySchema.parse((await api.post(list.build({}), { regNumber: vehicle.regNumber, startDate, endDate, description: zone })).body);
      const today = dayOf(new Date(), zone);

      const running = await send(addDays(today, -3), null);
      expect((await api.patch(item.build({ tdyId: running.tdyId }), { completed: true })).body, zone).toMatchObject({ completed: true, endDate: today });
      const res = await api.patch(item.build({ tdyId: running.tdyId }), { endDate: addDays(today, 1) });
      expect([res.status, res.body.errorMessage]).toEqual([400, `endDate: ${TDY_END_AFTER_TODAY}`]);

      // Planned for tomorrow: completing it cancels it, its end date cleared.
      const planned = await send(addDays(today, 1), addDays(today, 5));
      expect((await api.patch(item.build({ tdyId: planned.tdyId }), { completed: true })).body).toMatchObject({ completed: true, endDate: null });
      const started = await send(today, null);
      const refused = await api.patch(item.build({ tdyId: started.tdyId }), { completed: true, endDate: null });
      expect([refused.status, refused.body.errorMessage]).toEqual([400, `endDate: ${TDY_END_REQUIRED}`]);
    }
  });

  it('lists by registration and by end date', async () => {
    const a = await createVehicle(env.server.ctx, env.org.orgId, env.org.sectionId);
    const b = await createVehicle(env.server.ctx, env.org.orgId, env.org.sectionId);
    const api = env.org.admin.api;
    const send = async (regNumber: string, startDate: string, endDate: string | null) =>
      tdySchema.parse((await api.post(list.build({}), { regNumber, startDate, endDate, description: `${regNumber} ${startDate}` })).body);
    const ended = await send(a.regNumber, '2026-10-01', '2026-10-20');
    const open = await send(a.regNumber, '2026-11-01', null);
    const later = await send(b.regNumber, '2026-11-10', '2026-12-01');

    const ofA = await api.get(`${list.build({})}?regNumber=${encodeURIComponent(a.regNumber)}`);
    expect(ofA.body.map((t: { tdyId: string }) => t.tdyId)).toEqual([ended.tdyId, open.tdyId]);
    const current = await api.get(`${list.build({})}?end=2026-11-01`);
    const ids = current.body.map((t: { tdyId: string }) => t.tdyId);
    expect(ids).toEqual(expect.arrayContaining([open.tdyId, later.tdyId]));
    expect(ids).not.toContain(ended.tdyId);
    expect((await api.get(`${list.build({})}?regNumber=NOPE-1`)).body).toEqual([]);
    expect((await api.get(`${list.build({})}?end=01-11-2026`)).status).toBe(400);
  });

  it('refuses bad input with a message and changes nothing', async () => {
    const vehicle = await createVehicle(env.server.ctx, env.org.orgId, env.org.sectionId);
    const api = env.org.admin.api;
    const at = list.build({});
    const bad = async (body: object, message: string, path = at, method: 'post' | 'patch' = 'post') => {
      const res = await api[method](path, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.errorMessage).toBe(message);
    };
    await bad({ regNumber: vehicle.regNumber, startDate: '2026-11-20' }, 'description: Description is required');
    await bad({ regNumber: vehicle.regNumber, startDate: '2026-11-20', description: '  ' }, 'description: Description is required');
    await bad({ regNumber: vehicle.regNumber, description: 'x' }, 'startDate: Expected a date as yyyy-MM-dd');
    await bad({ regNumber: vehicle.regNumber, startDate: '2026-11-20', endDate: '2026-11-19', description: 'x' }, `endDate: ${TDY_END_BEFORE_START}`);
    expect((await api.post(at, { regNumber: 'NOPE-1', startDate: '2026-11-20', description: 'x' })).status).toBe(404);

    const tdy = tdySchema.parse((await api.post(at, { regNumber: vehicle.regNumber, startDate: '2026-11-20', description: 'Range' })).body);
    const path = item.build({ tdyId: tdy.tdyId });
    await bad({ endDate: '2026-11-01' }, `endDate: ${TDY_END_BEFORE_START}`, path, 'patch');
    await bad({ completed: true, endDate: '2099-01-01' }, `endDate: ${TDY_END_AFTER_TODAY}`, path, 'patch');
    await bad({}, 'Nothing to update', path, 'patch');
    expect((await api.patch(item.build({ tdyId: 'no-such-tdy' }), { completed: true })).status).toBe(404);
    expect((await api.get(`${at}?regNumber=${encodeURIComponent(vehicle.regNumber)}`)).body).toEqual([
      expect.objectContaining({ tdyId: tdy.tdyId, endDate: null, completed: false, description: 'Range' }),
    ]);
  });

  it('lets read-only users read but not write, and keeps other organizations out', async () => {
    const vehicle = await createVehicle(env.server.ctx, env.org.orgId, env.org.sectionId);
    const tdy = tdySchema.parse(
      (await env.org.admin.api.post(list.build({}), { regNumber: vehicle.regNumber, startDate: '2026-11-20', description: 'Range' })).body,
    );
    const dispatcher = await signedInUser(env.server, env.org.orgId, env.org.sectionId, { role: 'dispatcher' });
    expect((await dispatcher.api.get(list.build({}))).status).toBe(200);
    expect((await dispatcher.api.post(list.build({}), { regNumber: vehicle.regNumber, startDate: '2026-11-21', description: 'x' })).status).toBe(403);
    expect((await dispatcher.api.patch(item.build({ tdyId: tdy.tdyId }), { completed: true })).status).toBe(403);

    const other = await orgWithAdmin(env.server);
    expect((await other.admin.api.post(list.build({}), { regNumber: vehicle.regNumber, startDate: '2026-11-21', description: 'x' })).status).toBe(404);
    expect((await other.admin.api.patch(item.build({ tdyId: tdy.tdyId }), { completed: true })).status).toBe(404);
    expect((await other.admin.api.get(list.build({}))).body).toEqual([]);
    expect((await env.org.admin.api.get(`${list.build({})}?regNumber=${encodeURIComponent(vehicle.regNumber)}`)).body).toEqual([
      expect.objectContaining({ completed: false }),
    ]);
  });
});
