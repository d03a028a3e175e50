import { describe, expect, it } from 'vitest';
import type { FleetRow } from '../../../core/schema/fleet.ts';
import { fleetColumns, fleetCsvColumns } from './fleet-columns.tsx';
import { toCsv } from './fleet-csv.ts';

const row: FleetRow = {
  vehicleId: 'v1',
  pdf: 'monthly',
  regNumber: '0123',
  wrm: true,
  sectionId: 's1',
  vehicleType: 'Truck',
  status: 'invalid',
  onTdy: false,
  workflowTitle: 'Daily',
  inspectionDate: '2026-03-05T12:00:00.000Z',
  inspector: 'Sam Patel',
  fuelLevel: 1,
  eticDate: null,
  daysToEtic: null,
  inCommission: true,
  nextMxDate: null,
  nextMxType: null,
  nextLtiDate: null,
  nextPmiDate: null,
  openWaivers: 2,
  fixedWaivers: 0,
  recentlyRepaired: 1,
  visitsToMx: 3,
  daysInMx: null,
  recentNotes: 0,
  recentFixes: 4,
  mostRecentAnnotation: 'Cracked, "left" mirror',
  completionDate: '2026-02-14T08:00:00.000Z',
};

describe('fleetColumns', () => {
  const columns = fleetColumns(new Map([['s1', 'Alpha']]), () => undefined, 'UTC');

  it('has the 26 headers of part 1 §2 in order', () => {
    expect(columns.map((c) => c.header)).toEqual([
      'AF-1800',
      'Reg Number',
      'WRM',
      'Section',
      'Vehicle Type',
      'Status',
      'TDY',
      'Inspection Workflow',
      'Inspection Date',
      'Last Inspector',
      'Fuel Level',
      'ETIC',
      'Days to ETIC',
      'In Commission',
      'Next Mx Date',
      'Next Mx Type',
      'Next LTI',
      'Next PMI',
      'Open Waivers',
      'Fixed Waivers',
      'Recently Repaired',
      'Visits to Mx',
      'Days in Maintenance',
      'Recent Notes',
      'Recent Fixes',
      'Most Recent Annotation',
    ]);
  });

  it('offers the filter kinds the brief names', () => {
    const kind = Object.fromEntries(columns.map((c) => [c.id, c.filter ?? null]));
    expect(kind).toMatchObject({
      regNumber: 'TEXT',
      wrm: 'BOOLEAN',
      section: 'SET',
      vehicleType: 'SET',
      status: 'SET',
      onTdy: 'BOOLEAN',
      workflowTitle: 'SET',
      inspectionDate: 'DATE_TIME',
      eticDate: 'DATE_TIME',
      daysToEtic: 'NUMBER_RANGE',
      inCommission: 'TOGGLE',
      openWaivers: 'NUMBER_RANGE',
    });
    expect(columns.find((c) => c.id === 'status')?.setOptions?.map((o) => [o.value, o.label])).toEqual([
      ['valid', 'FMC'],
      ['warning', 'Warning'],
      ['invalid', 'Inoperable'],
      ['inMx', 'In Mx'],
    ]);
  });

  it('writes the CSV as people read the grid', () => {
    const csv = toCsv([row], fleetCsvColumns(columns)).split('\r\n')[1];
    expect(csv).toBe('02/2026 AF1800,"=""0123""",Yes,Alpha,Truck,Inoperable,No,Daily,03/05/2026,Sam Patel,Full,,,Yes,,,,,2,0,1,3,,0,4,"Cracked, ""left"" mirror"');
  });
});
