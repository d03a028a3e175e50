import { describe, expect, it } from 'vitest';
import { COMPLETION_AFTER_TODAY } from '../../core/rules/completion.ts';
import { washResource, washSchema } from '../../core/schema/wash.ts';
import { createVehicle } from '../support/factories.ts';
import { orgWithAdmin, signedInUser, useServerWithOrg } from '../support/session.ts';

const env = useServerWithOrg();
const { list, item } = washResource.paths;

describe('vehicle washes (part 1 §7 "Washes")', () => {
  it('schedules a wash, lists it, and completes it with the rules of part 1 §4', async () => {
    const vehicle = await createVehicle(env.server.ctx, env.org.orgId, env.org.sectionId);
    const api = env.org.admin.api;
    const created = await api.post(list.build({ vehicleId: vehicle.vehicleId }), { washDate: '2026-11-30T09:30:00.000Z' });
    expect(created.status).toBe(201);
    const wash = washSchema.parse(created.body);
    expect(wash).toMatchObject({ regNumber: vehicle.regNumber, completed: false, completionDate: null, creatorId: env.org.admin.userId });
    expect(wash.creatorName).toBe(wash.lastModifierName);

    const path = item.build({ vehicleId: vehicle.vehicleId, washId: wash.washId });
    // A completion date set by hand completes the wash.
    const done = await api.patch(path, { completionDate: '2026-11-20T12:00:00.000Z' });
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ completed: true, completionDate: '2026-11-20T12:00:00.000Z', washDate: '2026-11-30T09:30:00.000Z' });
    // Unticking Completed clears the date.
    expect((await api.patch(path, { completed: false })).body).toMatchObject({ completed: false, completionDate: null });

    const listed = await api.get(list.build({ vehicleId: vehicle.vehicleId }));
    expect(listed.body).toHaveLength(1);
    expect(listed.body[0]).toMatchObject({ washId: wash.washId, completed: false });
  });

  it('refuses bad input with a message and changes nothing', async () => {
    const vehicle = await createVehicle(env.server.ctx, env.org.orgId, env.org.sectionId);
    const api = env.org.admin.api;
    const at = list.build({ vehicleId: vehicle.vehicleId });
    const noDate = await api.post(at, {});
    expect(noDate.status).toBe(400);
    expect(noDate.body.errorMessage).toMatch(/washDate/);
    expect((await api.post(at, { washDate: '2026-11-30' })).status).toBe(400);

    const wash = washSchema.parse((await api.post(at, { washDate: '2026-11-30T09:30:00.000Z' })).body);
    const path = item.build({ vehicleId: vehicle.vehicleId, washId: wash.washId });
    const future = new Date(Date.now() + 3 * 86_400_000).toISOString();
    const late = await api.patch(path, { completed: true, completionDate: future });
    expect(late.status).toBe(400);
    expect(late.body.errorMessage).toBe(`completionDate: ${COMPLETION_AFTER_TODAY}`);
    expect((await api.patch(path, {})).status).toBe(400);
    expect((await api.patch(path, { regNumber: 'X' })).status).toBe(400);
    expect((await api.get(at)).body[0]).toMatchObject({ completed: false, completionDate: null });
    expect((await api.patch(item.build({ vehicleId: vehicle.vehicleId, washId: 'no-such-wash' }), { completed: true })).status).toBe(404);
  });

  it('lets read-only users read but not schedule, and keeps other organizations out', async () => {
    const vehicle = await createVehicle(env.server.ctx, env.org.orgId, env.org.sectionId);
    const dispatcher = await signedInUser(env.server, env.org.orgId, env.org.sectionId, { role: 'dispatcher' });
    const at = list.build({ vehicleId: vehicle.vehicleId });
    expect((await dispatcher.api.get(at)).status).toBe(200);
    expect((await dispatcher.api.post(at, { washDate: '2026-11-30T09:30:00.000Z' })).status).toBe(403);

    const other = await orgWithAdmin(env.server);
    expect((await other.admin.api.get(at)).status).toBe(404);
    expect((await other.admin.api.post(at, { washDate: '2026-11-30T09:30:00.000Z' })).status).toBe(404);
  });
});
