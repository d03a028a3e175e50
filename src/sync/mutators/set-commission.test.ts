import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import type { Vehicle } from '../../../core/schema/vehicle.ts';
import { mutate } from '../mutator.ts';
import { ctx, freshDb } from '../testing/fixtures.ts';
import { mutatorByName } from './index.ts';
import { setCommission } from './set-commission.ts';

const OLD = '2026-01-01T00:00:00.000Z';
const AT = '2026-03-01T10:00:00.000Z';

const vehicle: Vehicle = {
  vehicleId: 'v1',
  regNumber: 'AB-1234',
  orgId: 'org1',
  vehicleType: 'Truck',
  year: null,
  make: null,
  model: null,
  wrm: false,
  eolDate: null,
  decommissionDate: null,
  lastReportedHours: null,
  lastReportedMileage: null,
  fuelLevel: null,
  sectionId: 's1',
  workflowId: 7,
  eticDate: null,
  management: [{ sectionId: 's1', workflowId: 7, vehicleType: 'Truck', wrm: false, eolDate: null, eticDate: null, validFrom: OLD }],
  status: [{ status: 'valid', eticDate: null, validFrom: OLD, userId: null }],
  lastModificationDate: OLD,
};

async function seededDb() {
  const db = freshDb();
  await db.feed('vehicles').put({ ...vehicle, id: 'v1' });
  return db;
}

describe('setCommission', () => {
  it('decommissions with DELETE and sets the decommission date', async () => {
    const db = await seededDb();
    await mutate(db, setCommission, { vehicleId: 'v1', decommissioned: true, at: AT }, ctx);
    expect(await db.feed('vehicles').get('v1')).toMatchObject({ decommissionDate: AT });
    const [entry] = await db.outbox.toArray();
    expect(entry?.request).toEqual({ method: 'DELETE', path: '/data/v1/vehicles/v1' });
    expect(mutatorByName('setCommission')).toBe(setCommission);
  });

  it('re-commissions with PATCH {decommissioned: false} and clears the date', async () => {
    const db = freshDb();
    await db.feed('vehicles').put({ ...vehicle, id: 'v1', decommissionDate: OLD });
    await mutate(db, setCommission, { vehicleId: 'v1', decommissioned: false, at: AT }, ctx);
    expect(await db.feed('vehicles').get('v1')).toMatchObject({ decommissionDate: null });
    const [entry] = await db.outbox.toArray();
    expect(entry?.request).toEqual({ method: 'PATCH', path: '/data/v1/vehicles/v1', body: { decommissioned: false } });
  });
});
