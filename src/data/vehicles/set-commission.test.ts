import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { mutate } from '../../sync/mutator.ts';
import { ctx } from '../../sync/testing/fixtures.ts';
import { MUTATORS } from '../mutators.ts';
import { setCommission } from './set-commission.ts';
import { AT, mirrorWith, OLD, storedVehicle } from './testing.ts';

const seededDb = () => mirrorWith(storedVehicle());

describe('setCommission', () => {
  it('decommissions with DELETE and sets the decommission date', async () => {
    const db = await seededDb();
    await mutate(db, setCommission, { vehicleId: 'v1', decommissioned: true, at: AT }, ctx);
    expect(await db.feed('vehicles').get('v1')).toMatchObject({ decommissionDate: AT });
    const [entry] = await db.outbox.toArray();
    expect(entry?.request).toEqual({ method: 'DELETE', path: '/data/v1/vehicles/v1' });
    expect(MUTATORS).toContain(setCommission);
  });

  it('re-commissions with PATCH {decommissioned: false} and clears the date', async () => {
    const db = await mirrorWith(storedVehicle({ decommissionDate: OLD }));
    await mutate(db, setCommission, { vehicleId: 'v1', decommissioned: false, at: AT }, ctx);
    expect(await db.feed('vehicles').get('v1')).toMatchObject({ decommissionDate: null });
    const [entry] = await db.outbox.toArray();
    expect(entry?.request).toEqual({ method: 'PATCH', path: '/data/v1/vehicles/v1', body: { decommissioned: false } });
  });
});
