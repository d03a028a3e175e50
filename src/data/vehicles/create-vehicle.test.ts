import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { vehicleRow } from '../../../core/testing/feed-rows.ts';
import { InvalidMutationError } from '../../sync/errors.ts';
import { mutate } from '../../sync/mutator.ts';
import { ctx, freshDb } from '../../sync/testing/fixtures.ts';
import { createVehicle, type CreateVehicleArgs } from './create-vehicle.ts';
import { createVehicleType } from '../vehicle-types/create-vehicle-type.ts';
import { MUTATORS } from '../mutators.ts';
import { AT } from './testing.ts';

const VEHICLE_ID = 'V1StGXR8_Z5jdHi6B-myT';
const TYPE_ID = 'T1StGXR8_Z5jdHi6B-myT';

const newVehicle: CreateVehicleArgs = {
  vehicleId: VEHICLE_ID,
  orgId: 'org1',
  regNumber: ' AB-1234 ',
  vehicleType: 'Truck',
  sectionId: 's1',
  workflowId: 7,
  wrm: true,
  at: AT,
};

describe('createVehicle', () => {
  it('shows the vehicle at once with management[0] and status[0], and queues POST /data/v1/vehicles', async () => {
    const db = freshDb();
    await mutate(db, createVehicle, newVehicle, ctx);

    // What the arguments leave out (year, make, model, EOL) and a new vehicle does not have yet (readings,
    // decommission date, ETIC) is null, as the builder has it.
    expect(await db.feed('vehicles').get(VEHICLE_ID)).toEqual({
      id: VEHICLE_ID,
      ...vehicleRow({
        vehicleId: VEHICLE_ID,
        regNumber: 'AB-1234',
        orgId: 'org1',
        vehicleType: 'Truck',
        wrm: true,
        sectionId: 's1',
        workflowId: 7,
        management: [{ sectionId: 's1', workflowId: 7, vehicleType: 'Truck', wrm: true, eolDate: null, eticDate: null, validFrom: AT }],
        status: [{ status: 'valid', eticDate: null, validFrom: AT, userId: null }],
        lastModificationDate: AT,
      }),
    });
    const [entry] = await db.outbox.toArray();
    expect(entry).toMatchObject({
      name: 'createVehicle',
      touches: [`vehicles:${VEHICLE_ID}`],
      request: {
        method: 'POST',
        path: '/data/v1/vehicles',
        body: { vehicleId: VEHICLE_ID, regNumber: 'AB-1234', vehicleType: 'Truck', sectionId: 's1', workflowId: 7, wrm: true },
      },
    });
    expect(await db.feed('vehicleTypes').count()).toBe(0);
    expect(MUTATORS).toContain(createVehicle);
  });

  it('adds the new vehicle type row when the type is new, touching both rows', async () => {
    const db = freshDb();
    await mutate(db, createVehicle, { ...newVehicle, vehicleType: 'Fork Lift (4t)', newVehicleTypeId: TYPE_ID }, ctx);
    expect(await db.feed('vehicleTypes').get(TYPE_ID)).toEqual({ id: TYPE_ID, vehicleTypeId: TYPE_ID, vehicleType: 'Fork Lift (4t)' });
    const [entry] = await db.outbox.toArray();
    expect(entry?.touches).toEqual([`vehicles:${VEHICLE_ID}`, `vehicleTypes:${TYPE_ID}`]);
    expect(entry?.request.body).not.toHaveProperty('newVehicleTypeId');
  });

  it('fills in the time once, so a replay writes the same row', async () => {
    const db = freshDb();
    const { at: _omitted, ...withoutTime } = newVehicle;
    await mutate(db, createVehicle, withoutTime, ctx);
    const [entry] = await db.outbox.toArray();
    const stored = entry?.args as CreateVehicleArgs;
    expect(stored.at).toMatch(/^\d{4}-\d\d-\d\dT/);
    const before = await db.feed('vehicles').get(VEHICLE_ID);
    await createVehicle.apply(db, stored);
    expect(await db.feed('vehicles').get(VEHICLE_ID)).toEqual(before);
  });

  it('sends the optional description when given, make and model trimmed and empty as null', async () => {
    const db = freshDb();
    await mutate(db, createVehicle, { ...newVehicle, year: 2019, make: ' Ford ', model: '  ', eolDate: '2030-01-31' }, ctx);
    expect(await db.feed('vehicles').get(VEHICLE_ID)).toMatchObject({ year: 2019, make: 'Ford', model: null, eolDate: '2030-01-31' });
    const [entry] = await db.outbox.toArray();
    expect(entry?.request.body).toMatchObject({ year: 2019, make: 'Ford', model: null, eolDate: '2030-01-31' });
  });

  it('refuses bad arguments with a readable message and writes nothing', async () => {
    const db = freshDb();
    await expect(mutate(db, createVehicle, { ...newVehicle, regNumber: 'A--1234' }, ctx)).rejects.toThrow(new InvalidMutationError('Invalid registration number'));
    await expect(mutate(db, createVehicle, { ...newVehicle, vehicleType: 'Truck!' }, ctx)).rejects.toThrow(InvalidMutationError);
    await expect(mutate(db, createVehicle, { ...newVehicle, sectionId: '' }, ctx)).rejects.toThrow(InvalidMutationError);
    expect(await db.feed('vehicles').count()).toBe(0);
    expect(await db.outbox.count()).toBe(0);
  });
});

describe('createVehicleType', () => {
  it('shows the type at once and queues POST /data/v2/vehicles/types with its id', async () => {
    const db = freshDb();
    await mutate(db, createVehicleType, { vehicleTypeId: TYPE_ID, vehicleType: ' HMMWV ' }, ctx);
    expect(await db.feed('vehicleTypes').get(TYPE_ID)).toEqual({ id: TYPE_ID, vehicleTypeId: TYPE_ID, vehicleType: 'HMMWV' });
    const [entry] = await db.outbox.toArray();
    expect(entry?.request).toEqual({ method: 'POST', path: '/data/v2/vehicles/types', body: { vehicleTypeId: TYPE_ID, vehicleType: 'HMMWV' } });
    expect(MUTATORS).toContain(createVehicleType);
  });

  it('refuses a name with characters part 2 §5 does not allow', async () => {
    const db = freshDb();
    await expect(mutate(db, createVehicleType, { vehicleTypeId: TYPE_ID, vehicleType: 'Truck*' }, ctx)).rejects.toThrow(InvalidMutationError);
    expect(await db.outbox.count()).toBe(0);
  });
});
