import { describe, expect, it } from 'vitest';
import { fleetRowSchema, type FleetRow } from './fleet.ts';

const row: FleetRow = {
  vehicleId: 'v1',
  pdf: 'current',
  regNumber: '23L0451',
  wrm: false,
  sectionId: 'sec1',
  vehicleType: 'Pickup',
  status: 'inMx',
  onTdy: false,
  workflowTitle: 'AF-1800 Full (Miles)',
  inspectionDate: '2026-03-14T06:30:00.000Z',
  inspector: 'Ian Spector',
  fuelLevel: 0.75,
  eticDate: '2026-03-20T16:00:00.000Z',
  daysToEtic: 5,
  inCommission: true,
  nextMxDate: null,
  nextMxType: null,
  nextLtiDate: '2026-04-01T08:00:00.000Z',
  nextPmiDate: null,
  openWaivers: 1,
  fixedWaivers: 0,
  recentlyRepaired: 0,
  visitsToMx: 1,
  daysInMx: 2,
  recentNotes: 0,
  recentFixes: 0,
  mostRecentAnnotation: 'Brakes grinding',
  completionDate: null,
};

describe('fleetRowSchema', () => {
  it('accepts a row', () => {
    expect(fleetRowSchema.parse(row)).toEqual(row);
  });

  it('refuses a fuel level outside 0 to 1, negative or fractional counts, an unknown link or status, and a missing field', () => {
    const bad = [
      { fuelLevel: 1.2 },
      { openWaivers: -1 },
      { daysInMx: 1.5 },
      { daysToEtic: 0.5 },
      { pdf: 'yearly' },
      { status: 'FMC' },
      { inspectionDate: '2026-03-14' },
    ];
    for (const change of bad) expect(fleetRowSchema.safeParse({ ...row, ...change }).success, JSON.stringify(change)).toBe(false);
    const { completionDate: _, ...missing } = row;
    expect(fleetRowSchema.safeParse(missing).success).toBe(false);
  });
});
