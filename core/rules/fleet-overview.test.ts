import { describe, expect, it } from 'vitest';
import { availabilityPercent, fleetOverview, melVerdict, statusSlices } from './fleet-overview.ts';
import { overviewSources, overviewVehicle, withStatus } from '../testing/overview-sources.ts';
import type { OverviewSources } from './overview-sources.ts';

const NOW = new Date('2026-03-15T10:00:00.000Z');

const vehicle = overviewVehicle;
const base = overviewSources;

describe('fleet overview', () => {
  it('counts available (FMC or warning, not on TDY), FMC, TDY and MEL per section and type; decommissioned vehicles never count', () => {
    const overview = fleetOverview(
      base({
        vehicles: [
          vehicle('A1'),
          vehicle('A2', withStatus('warning')),
          vehicle('A3', withStatus('invalid')),
          vehicle('A4'),
          vehicle('A5', { decommissionDate: '2026-02-01T00:00:00.000Z' }),
          vehicle('B1', { sectionId: 's2', vehicleType: 'Bus', wrm: true }),
        ],
        tdys: [
          { tdyId: 't1', vehicleId: 'v-A4', startDate: '2026-03-10', endDate: '2026-03-15', description: 'Exercise', completed: false },
          { tdyId: 't2', vehicleId: 'v-A1', startDate: '2026-03-01', endDate: '2026-03-14', description: 'Ended', completed: false },
        ],
        mels: [
          { melId: 'm1', sectionId: 's1', vehicleType: 'pickup', mel: 3 },
          { melId: 'm2', sectionId: 's2', vehicleType: 'Forklift', mel: 1 },
        ],
      }),
      NOW,
    );
    expect(overview.availability).toEqual([
      { sectionId: 's1', sectionName: 'Alpha', vehicleTypes: [{ vehicleType: 'pickup', total: 4, available: 2, fmc: 2, tdy: 1, mel: 3 }] },
      {
        sectionId: 's2',
        sectionName: 'Bravo',
        vehicleTypes: [
          { vehicleType: 'Bus', total: 1, available: 1, fmc: 1, tdy: 0, mel: 0 },
          { vehicleType: 'Forklift', total: 0, available: 0, fmc: 0, tdy: 0, mel: 1 },
        ],
      },
    ]);
    expect(overview.fmc.map((v) => v.regNumber)).toEqual(['A1', 'A2', 'A3', 'A4', 'B1']);
    expect(overview.wrm.map((v) => v.regNumber)).toEqual(['B1']);
    expect(overview.tdy.current.map((t) => t.regNumber)).toEqual(['A4']);
  });

  it('scopes everything to one section', () => {
    const overview = fleetOverview(base({ vehicles: [vehicle('A1'), vehicle('B1', { sectionId: 's2' })] }), NOW, 's2');
    expect(overview.fmc.map((v) => v.regNumber)).toEqual(['B1']);
    expect(overview.availability.map((s) => s.sectionName)).toEqual(['Bravo']);
  });

  it('lists every vehicle not FMC with its ETIC and the days past it (none for an ETIC ahead), most overdue first', () => {
    const overview = fleetOverview(
      base({
        vehicles: [
          vehicle('A1', withStatus('inMx', '2026-03-20T00:00:00.000Z')),
          vehicle('A2', withStatus('invalid', '2026-03-12T15:00:00.000Z')),
          vehicle('A3', withStatus('warning')),
          vehicle('A4'),
          vehicle('A5', withStatus('inMx', '2026-03-15T18:00:00.000Z')),
        ],
      }),
      NOW,
    );
    expect(overview.mx.allInOpStatus.map((r) => [r.regNumber, r.status, r.daysPast])).toEqual([
      ['A2', 'invalid', 3],
      ['A5', 'inMx', 0],
      ['A1', 'inMx', 0],
      ['A3', 'warning', null],
    ]);
    // Zero, not minus zero: the answer travels as JSON, where the two are one (the device and the server agree).
    expect(Object.is(overview.mx.allInOpStatus[1]!.daysPast, 0)).toBe(true);
  });

  it('lists what is due within each lead time, and what is overdue, by date', () => {
    const v = [vehicle('A1'), vehicle('A2')];
    const overview = fleetOverview(
      base({
        vehicles: v,
        scheduledMx: [
          { mxId: 'x1', vehicleId: 'v-A1', mxType: 'Oil', mxDate: '2026-03-22T09:00:00.000Z', completed: false },
          { mxId: 'x2', vehicleId: 'v-A2', mxType: 'Tyres', mxDate: '2026-03-23T09:00:00.000Z', completed: false },
          { mxId: 'x3', vehicleId: 'v-A2', mxType: 'Brakes', mxDate: '2026-03-10T09:00:00.000Z', completed: false },
          { mxId: 'x4', vehicleId: 'v-A1', mxType: 'Done', mxDate: '2026-03-16T09:00:00.000Z', completed: true },
        ],
        ltis: [{ ltiId: 'l1', vehicleId: 'v-A1', mxDate: '2026-03-29T00:00:00.000Z', completed: false }],
        pmis: [
          { pmiId: 'p1', vehicleId: 'v-A1', mxDate: '2026-04-14T00:00:00.000Z', completed: false },
          { pmiId: 'p2', vehicleId: 'v-A2', mxDate: '2026-04-15T00:00:00.000Z', completed: false },
        ],
        washes: [
          { washId: 'w1', vehicleId: 'v-A1', washDate: '2026-03-18T08:00:00.000Z', completed: false },
          { washId: 'w2', vehicleId: 'v-A2', washDate: '2026-03-19T08:00:00.000Z', completed: false },
        ],
        tdys: [
          { tdyId: 't1', vehicleId: 'v-A1', startDate: '2026-03-22', endDate: null, description: 'Range', completed: false },
          { tdyId: 't2', vehicleId: 'v-A2', startDate: '2026-03-23', endDate: null, description: 'Later', completed: false },
        ],
      }),
      NOW,
    );
    expect(overview.mx.approachingScheduledMx.map((m) => [m.mxType, m.daysToMx])).toEqual([
      ['Brakes', -5],
      ['Oil', 7],
    ]);
    expect(overview.mx.approachingLti.map((m) => m.daysToLti)).toEqual([14]);
    expect(overview.mx.approachingPmi.map((m) => [m.regNumber, m.daysToPmi])).toEqual([['A1', 30]]);
    expect(overview.wash.map((w) => [w.regNumber, w.daysToWash])).toEqual([['A1', 3]]);
    expect(overview.tdy.approaching.map((t) => [t.regNumber, t.daysToTdy])).toEqual([['A1', 7]]);
  });

  it('lists vehicles reaching their end of life within the EOL lead time, and those past it', () => {
    const overview = fleetOverview(
      base({ vehicles: [vehicle('A1', { eolDate: '2026-06-13' }), vehicle('A2', { eolDate: '2026-06-14' }), vehicle('A3', { eolDate: '2025-12-31' })] }),
      NOW,
    );
    expect(overview.eol.map((e) => [e.regNumber, e.daysToEol])).toEqual([
      ['A3', -74],
      ['A1', 90],
    ]);
  });
});

describe('figures', () => {
  it('MEL compliance passes at 0 or more; short by one or a quarter of the MEL warns; more fails', () => {
    expect(melVerdict({ available: 3, mel: 3 })).toBe('pass');
    expect(melVerdict({ available: 2, mel: 3 })).toBe('warning');
    expect(melVerdict({ available: 1, mel: 3 })).toBe('fail');
    expect(melVerdict({ available: 6, mel: 8 })).toBe('warning');
    expect(melVerdict({ available: 5, mel: 8 })).toBe('fail');
    expect(melVerdict({ available: 0, mel: 0 })).toBe('pass');
  });

  it('availability % is available over total, rounded', () => {
    expect(availabilityPercent({ available: 2, total: 3 })).toBe(67);
    expect(availabilityPercent({ available: 0, total: 0 })).toBeNull();
  });

  it('donut slices count and round each status', () => {
    const slices = statusSlices([{ status: 'valid' }, { status: 'valid' }, { status: 'warning' }]);
    expect(slices).toEqual([
      { status: 'valid', count: 2, percent: 67 },
      { status: 'warning', count: 1, percent: 33 },
      { status: 'invalid', count: 0, percent: 0 },
      { status: 'inMx', count: 0, percent: 0 },
    ]);
  });
});

describe('the order of every list', () => {
  it('is the same whatever order the rows come in (the device reads them by key, the server as the database answers)', () => {
    const src = base({
      vehicles: [vehicle('A1'), vehicle('A2', withStatus('inMx')), vehicle('A3', withStatus('invalid')), vehicle('A4', { eolDate: '2026-04-01' })],
      tdys: [
        { tdyId: 't2', vehicleId: 'v-A1', startDate: '2026-03-10', endDate: null, description: 'One', completed: false },
        { tdyId: 't1', vehicleId: 'v-A1', startDate: '2026-03-10', endDate: null, description: 'Two', completed: false },
        { tdyId: 't3', vehicleId: 'v-A4', startDate: '2026-03-10', endDate: null, description: 'Three', completed: false },
      ],
      pmis: [
        { pmiId: 'p2', vehicleId: 'v-A1', mxDate: '2026-03-20T08:00:00.000Z', completed: false },
        { pmiId: 'p1', vehicleId: 'v-A1', mxDate: '2026-03-20T08:00:00.000Z', completed: false },
      ],
      mels: [{ melId: 'm1', sectionId: 's1', vehicleType: 'Pickup', mel: 4 }],
    });
    const reversed = Object.fromEntries(Object.entries(src).map(([k, v]) => [k, Array.isArray(v) ? [...v].reverse() : v])) as unknown as OverviewSources;
    const one = fleetOverview(src, NOW);
    expect(fleetOverview(reversed, NOW)).toEqual(one);
    expect(one.tdy.current.map((t) => t.tdyId)).toEqual(['t1', 't2', 't3']);
    expect(one.mx.approachingPmi.map((p) => p.pmiId)).toEqual(['p1', 'p2']);
  });
});
