import { describe, expect, it } from 'vitest';
import { nanoid } from 'nanoid';
import { useServerWithOrg, orgWithAdmin, signedInUser } from '../support/session.ts';
import { pullAll } from '../support/sync.ts';
import { VEHICLE_TYPE_EXISTS_MESSAGE, vehicleTypeSchema } from '../../core/schema/vehicle.ts';

const env = useServerWithOrg();
const path = '/data/v2/vehicles/types';

describe('vehicle types', () => {
  it('adds types and lists the names sorted, trimmed and case-insensitively', async () => {
    const { admin } = await orgWithAdmin(env.server);
    expect((await admin.api.get(path)).body).toEqual([]);
    const { cursor } = await pullAll(admin.api);
    const created = await admin.api.post(path, { vehicleType: '  bus  ' });
    expect(created.status).toBe(201);
    const bus = vehicleTypeSchema.parse(created.body);
    expect(bus.vehicleType).toBe('bus');
    for (const vehicleType of ['Truck', 'ambulance', 'Fire Truck #2 (Heavy)/A&B;-x']) expect((await admin.api.post(path, { vehicleType })).status).toBe(201);
    expect((await admin.api.get(path)).body).toEqual(['ambulance', 'bus', 'Fire Truck #2 (Heavy)/A&B;-x', 'Truck']);

    const { rows } = await pullAll(admin.api, { cursor });
    expect(rows.get(`vehicleTypes/${bus.vehicleTypeId}`)?.data).toEqual(bus);
    expect([...rows.values()].filter((c) => c.t === 'vehicleTypes')).toHaveLength(4);
  });

  it('refuses a name the organization has, compared trimmed and case-insensitively', async () => {
    expect((await env.org.admin.api.post(path, { vehicleType: 'Pickup' })).status).toBe(201);
    const dup = await env.org.admin.api.post(path, { vehicleType: ' PICKUP ' });
    expect(dup.status).toBe(409);
    expect(dup.body.errorMessage).toBe(VEHICLE_TYPE_EXISTS_MESSAGE);
    expect((await env.org.admin.api.get(path)).body.filter((t: string) => t.toLowerCase() === 'pickup')).toEqual(['Pickup']);

    // Another organization has its own types.
    const other = await orgWithAdmin(env.server);
    expect((await other.admin.api.post(path, { vehicleType: 'pickup' })).status).toBe(201);
    expect((await env.org.admin.api.get(path)).body).not.toContain('pickup');
  });

  it('keeps the id the client gave and refuses it a second time', async () => {
    const vehicleTypeId = nanoid();
    const res = await env.org.admin.api.post(path, { vehicleTypeId, vehicleType: 'Loader' });
    expect(res.body).toEqual({ vehicleTypeId, vehicleType: 'Loader' });
    const again = await env.org.admin.api.post(path, { vehicleTypeId, vehicleType: 'Crane' });
    expect(again.status).toBe(409);
  });

  it('refuses a bad name with the spec’s messages', async () => {
    const cases: [unknown, string][] = [
      [{}, 'vehicleType: Vehicle type is required'],
      [{ vehicleType: '   ' }, 'vehicleType: Vehicle type is required'],
      [{ vehicleType: 'x'.repeat(50) }, 'vehicleType: Name must be less than 50 characters in length.'],
      [{ vehicleType: 'Truck <big>' }, 'vehicleType: Vehicle types may contain letters, digits, spaces and # & ( ) / ; - only'],
    ];
    for (const [body, message] of cases) {
      const res = await env.org.admin.api.post(path, body);
      expect(res.status).toBe(400);
      expect(res.body.errorMessage).toBe(message);
    }
  });

  it('is written by the record keepers, read by every website role', async () => {
    const lead = await signedInUser(env.server, env.org.orgId, env.org.sectionId, { role: 'sectionLead' });
    expect((await lead.api.post(path, { vehicleType: 'Van' })).status).toBe(201);
    const dispatcher = await signedInUser(env.server, env.org.orgId, env.org.sectionId, { role: 'dispatcher' });
    expect((await dispatcher.api.get(path)).body).toContain('Van');
    expect((await dispatcher.api.post(path, { vehicleType: 'Truck' })).status).toBe(403);
    const inspector = await signedInUser(env.server, env.org.orgId, env.org.sectionId, { role: 'inspector' });
    expect((await inspector.api.get(path)).status).toBe(403);
    expect((await inspector.api.post(path, { vehicleType: 'Jeep' })).status).toBe(403);
  });
});
