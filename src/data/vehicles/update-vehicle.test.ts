import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { InvalidMutationError } from '../../sync/errors.ts';
import { mutate } from '../../sync/mutator.ts';
import { ctx } from '../../sync/testing/fixtures.ts';
import { MUTATORS } from '../mutators.ts';
import { AT, mirrorWith, OLD, storedVehicle } from './testing.ts';
import { updateVehicle } from './update-vehicle.ts';

const ETIC = '2026-02-01T00:00:00.000Z';
/** Inoperable with an ETIC, set by u9, with readings and a description to change. */
const vehicle = storedVehicle({
  year: 2015,
  make: 'Ford',
  model: 'F-150',
  lastReportedHours: 100,
  lastReportedMileage: 2000,
  fuelLevel: 0.5,
  eticDate: ETIC,
  status: [{ status: 'invalid', eticDate: ETIC, validFrom: OLD, userId: 'u9' }],
});
const seededDb = () => mirrorWith(vehicle);

describe('updateVehicle', () => {
  it('moves section and workflow on the row and in management[0], and queues PATCH /data/v2/vehicles/{id}', async () => {
    const db = await seededDb();
    await mutate(db, updateVehicle, { vehicleId: 'v1', changes: { sectionId: 's2', workflowId: 9 }, at: AT }, ctx);
    const row = await db.feed('vehicles').get('v1');
    expect(row).toMatchObject({ sectionId: 's2', workflowId: 9, lastModificationDate: AT });
    expect(row?.management[0]).toEqual({ ...vehicle.management[0], sectionId: 's2', workflowId: 9, validFrom: AT });
    expect(row?.status).toEqual(vehicle.status);
    const [entry] = await db.outbox.toArray();
    expect(entry).toMatchObject({
      name: 'updateVehicle',
      touches: ['vehicles:v1'],
      request: { method: 'PATCH', path: '/data/v2/vehicles/v1', body: { sectionId: 's2', workflowId: 9 } },
    });
    expect((await db.shadows.get('vehicles:v1'))?.row).toMatchObject({ sectionId: 's1' });
    expect(MUTATORS).toContain(updateVehicle);
  });

  it('sets status and ETIC in status[0] and on the row; a null ETIC clears it', async () => {
    const db = await seededDb();
    await mutate(db, updateVehicle, { vehicleId: 'v1', changes: { status: 'valid', eticDate: null }, userId: 'u1', at: AT }, ctx);
    const row = await db.feed('vehicles').get('v1');
    expect(row?.eticDate).toBeNull();
    expect(row?.status[0]).toEqual({ status: 'valid', eticDate: null, validFrom: AT, userId: 'u1' });
    expect(row?.management[0]).toMatchObject({ eticDate: null, validFrom: OLD });
    const [entry] = await db.outbox.toArray();
    expect(entry?.request.body).toEqual({ status: 'valid', eticDate: null });
  });

  it('keeps the ETIC when a status change sends none', async () => {
    const db = await seededDb();
    await mutate(db, updateVehicle, { vehicleId: 'v1', changes: { status: 'inMx' }, at: AT }, ctx);
    const row = await db.feed('vehicles').get('v1');
    expect(row?.status[0]).toMatchObject({ status: 'inMx', eticDate: vehicle.eticDate, validFrom: AT });
  });

  it('writes hours and miles, thousands separators parsed', async () => {
    const db = await seededDb();
    await mutate(db, updateVehicle, { vehicleId: 'v1', changes: { miles: '12,500', hours: '1,001' }, at: AT }, ctx);
    expect(await db.feed('vehicles').get('v1')).toMatchObject({ lastReportedMileage: 12500, lastReportedHours: 1001 });
    const [entry] = await db.outbox.toArray();
    expect(entry?.request.body).toEqual({ miles: 12500, hours: 1001 });
  });

  it('changes the registration and the description (type, year, make, model, WRM, EOL)', async () => {
    const db = await seededDb();
    await mutate(db, updateVehicle, { vehicleId: 'v1', changes: { regNumber: ' CD 99 ' }, at: AT }, ctx);
    await mutate(
      db,
      updateVehicle,
      { vehicleId: 'v1', changes: { vehicleType: 'Bus', year: 2020, make: ' Volvo ', model: '', wrm: true, eolDate: '2031-05-01' }, at: AT },
      ctx,
    );
    const row = await db.feed('vehicles').get('v1');
    expect(row).toMatchObject({ regNumber: 'CD 99', vehicleType: 'Bus', year: 2020, make: 'Volvo', model: null, wrm: true, eolDate: '2031-05-01' });
    expect(row?.management[0]).toMatchObject({ vehicleType: 'Bus', wrm: true, eolDate: '2031-05-01', sectionId: 's1', validFrom: AT });
  });

  it('refuses bad arguments and writes nothing', async () => {
    const db = await seededDb();
    await expect(mutate(db, updateVehicle, { vehicleId: 'v1', changes: { miles: '0' }, at: AT }, ctx)).rejects.toThrow(InvalidMutationError);
    await expect(mutate(db, updateVehicle, { vehicleId: 'v1', changes: { hours: '-3' }, at: AT }, ctx)).rejects.toThrow(InvalidMutationError);
    await expect(mutate(db, updateVehicle, { vehicleId: 'v1', changes: { regNumber: 'AB' }, at: AT }, ctx)).rejects.toThrow(
      new InvalidMutationError('Invalid registration number'),
    );
    await expect(mutate(db, updateVehicle, { vehicleId: 'v1', changes: {}, at: AT }, ctx)).rejects.toThrow(new InvalidMutationError('Nothing to update'));
    expect(await db.feed('vehicles').get('v1')).toMatchObject({ regNumber: 'AB-1234', lastReportedMileage: 2000 });
    expect(await db.outbox.count()).toBe(0);
  });
});
