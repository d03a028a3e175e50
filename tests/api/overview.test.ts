import { describe, expect, it } from 'vitest';
import { fleetOverview } from '../../core/rules/fleet-overview.ts';
import type { OverviewSources } from '../../core/rules/overview-sources.ts';
import { fleetOverviewPath, fleetOverviewSchema } from '../../core/schema/fleet-overview.ts';
import { addSections } from '../support/table-rows.ts';
import { createVehicle, createOrg } from '../support/factories.ts';
import { signedInUser, useServerWithOrg } from '../support/session.ts';
import { pullAll } from '../support/sync.ts';

const env = useServerWithOrg();
const DAY = 86_400_000;
const inDays = (n: number) => new Date(Date.now() + n * DAY).toISOString();
const dayIn = (n: number) => inDays(n).slice(0, 10);

describe('GET /data/v1/organizations/{orgId}/fleet', () => {
  it('answers the overview the device computes from its pulled feeds, with the spec lists in it', async () => {
    const { server, org } = env;
    const api = org.admin.api;
    const [bravo = ''] = await addSections(server.ctx, org.orgId, ['Bravo']);
    const a1 = await createVehicle(server.ctx, org.orgId, org.sectionId, { vehicleType: 'Pickup' });
    const a2 = await createVehicle(server.ctx, org.orgId, org.sectionId, { vehicleType: 'Pickup' });
    const b1 = await createVehicle(server.ctx, org.orgId, bravo, { vehicleType: 'Bus' });
    const gone = await createVehicle(server.ctx, org.orgId, org.sectionId, { vehicleType: 'Pickup' });
    expect((await api.patch(`/data/v2/vehicles/${a2.vehicleId}`, { status: 'invalid', eticDate: inDays(-2) })).status).toBe(200);
    expect((await api.delete(`/data/v1/vehicles/${gone.vehicleId}`)).status).toBe(200);
    expect((await api.post(`/data/v2/organization/sections/${org.sectionId}/mels`, { mels: [{ vehicleType: 'Pickup', mel: 2 }] })).status).toBe(201);
    expect((await api.post(`/data/v1/vehicles/${a1.vehicleId}/mx/pmi`, { mxDate: inDays(3) })).status).toBe(201);
    expect((await api.post(`/data/v1/vehicles/${b1.vehicleId}/wash`, { washDate: inDays(1) })).status).toBe(201);
    expect((await api.post('/data/v2/tdy', { regNumber: b1.regNumber, startDate: dayIn(0), description: 'Range' })).status).toBe(201);

    const res = await api.get(fleetOverviewPath.build({ orgId: org.orgId }));
    expect(res.status).toBe(200);
    const overview = fleetOverviewSchema.parse(res.body);
    expect(overview.fmc.map((v) => v.regNumber).sort()).toEqual([a1.regNumber, a2.regNumber, b1.regNumber].sort());
    const alpha = overview.availability.find((s) => s.sectionId === org.sectionId)!;
    expect(alpha.vehicleTypes).toEqual([{ vehicleType: 'Pickup', total: 2, available: 1, fmc: 1, tdy: 0, mel: 2 }]);
    expect(overview.mx.allInOpStatus).toEqual([{ vehicleId: a2.vehicleId, regNumber: a2.regNumber, status: 'invalid', etic: expect.any(String), daysPast: 2 }]);
    expect(overview.mx.approachingPmi.map((p) => [p.regNumber, p.daysToPmi])).toEqual([[a1.regNumber, 3]]);
    expect(overview.tdy.current.map((t) => t.regNumber)).toEqual([b1.regNumber]);
    expect(overview.wash.map((w) => w.regNumber)).toEqual([b1.regNumber]);

    // The device's rule over the pulled feeds gives the same overview (but for the moment it is taken).
    const { rows } = await pullAll(api);
    const feed = (t: string) => [...rows.values()].filter((c) => c.t === t).map((c) => c.data) as never[];
    const [organization] = feed('organizations') as unknown as OverviewSources['leadTimes'][];
    const device = fleetOverview(
      {
        vehicles: feed('vehicles'),
        scheduledMx: feed('scheduledMx'),
        ltis: feed('ltis'),
        pmis: feed('pmis'),
        tdys: feed('tdys'),
        washes: feed('washes'),
        sections: feed('sections'),
        mels: feed('sectionMels'),
        leadTimes: organization!,
      },
      new Date(overview.asOf),
    );
    expect(device).toEqual(overview);

    // One section.
    const section = fleetOverviewSchema.parse((await api.get(`${fleetOverviewPath.build({ orgId: org.orgId })}?sectionId=${bravo}`)).body);
    expect(section.fmc.map((v) => v.regNumber)).toEqual([b1.regNumber]);
    expect(section.availability.map((s) => s.sectionName)).toEqual(['Bravo']);
  });

  it('is read by every website role of the organization only, and answers 400 or 404 for a bad section', async () => {
    const { server, org } = env;
    const path = fleetOverviewPath.build({ orgId: org.orgId });
    const dispatcher = await signedInUser(server, org.orgId, org.sectionId, { role: 'dispatcher' });
    expect((await dispatcher.api.get(path)).status).toBe(200);
    const inspector = await signedInUser(server, org.orgId, org.sectionId, { role: 'inspector' });
    expect((await inspector.api.get(path)).status).toBe(403);
    const other = await createOrg(server.ctx);
    const stranger = await signedInUser(server, other.orgId, other.sectionId, { role: 'vco', isAdmin: true });
    expect((await stranger.api.get(path)).status).toBe(403);
    const unknown = await org.admin.api.get(`${path}?sectionId=${other.sectionId}`);
    expect(unknown.status).toBe(404);
    const bad = await org.admin.api.get(`${path}?sectionId=${'x'.repeat(300)}`);
    expect(bad.status).toBe(400);
    const extra = await org.admin.api.get(`${path}?section=1`);
    expect(extra.status).toBe(400);
  });
});
