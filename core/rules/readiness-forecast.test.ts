import { describe, expect, it } from 'vitest';
import { overviewSources, overviewVehicle, withStatus } from '../testing/overview-sources.ts';
import type { OverviewSources } from './overview-sources.ts';
import { FORECAST_DAYS, readinessForecast } from './readiness-forecast.ts';

// Today is 15 March (day 0); the forecast runs to 13 April (day 29).
const NOW = new Date('2026-03-15T10:00:00.000Z');

const vehicle = overviewVehicle;
const sources = (over: Partial<OverviewSources> = {}) => overviewSources({ mels: [{ melId: 'm1', sectionId: 's1', vehicleType: 'Pickup', mel: 2 }], ...over });

const forecast = (src: OverviewSources, sectionId: string | null = null) =>
  readinessForecast(
    src,
    src.vehicles.filter((v) => v.decommissionDate === null && (sectionId === null || v.sectionId === sectionId)),
    NOW,
    sectionId,
  );

/** The one type of section s1, its counts as a string of digits per day. */
const pickup = (src: OverviewSources) => {
  const t = forecast(src).sections[0]!.vehicleTypes[0]!;
  return { ...t, days: t.available.join('') };
};
const all = (n: number) => String(n).repeat(FORECAST_DAYS);
const days = (n: number, changes: Record<number, number>) => [...all(n)].map((c, d) => changes[d] ?? c).join('');

describe('readiness forecast', () => {
  it('runs 30 days from today; a type meeting its MEL every day has no shortfall', () => {
    const f = forecast(sources({ vehicles: [vehicle('A1'), vehicle('A2')] }));
    expect(f.from).toBe('2026-03-15');
    expect(f.days).toBe(30);
    expect(f.sections.map((s) => s.sectionName)).toEqual(['Alpha', 'Bravo']);
    expect(f.sections[0]!.vehicleTypes).toEqual([{ vehicleType: 'Pickup', mel: 2, available: Array(30).fill(2), shortfall: null }]);
    expect(f.sections[1]!.vehicleTypes).toEqual([]);
  });

  it('takes a vehicle out on the day of its PMI, LTI, scheduled Mx or wash (its UTC day), and names it on the first short day', () => {
    const t = pickup(
      sources({
        vehicles: [vehicle('A1'), vehicle('A2'), vehicle('A3')],
        pmis: [{ pmiId: 'p1', vehicleId: 'v-A1', mxDate: '2026-03-18T23:30:00.000Z', completed: false }],
        ltis: [{ ltiId: 'l1', vehicleId: 'v-A2', mxDate: '2026-03-18T08:00:00.000Z', completed: false }],
        scheduledMx: [{ mxId: 'x1', vehicleId: 'v-A3', mxType: 'Tires', mxDate: '2026-03-20T08:00:00.000Z', completed: false }],
        washes: [{ washId: 'w1', vehicleId: 'v-A3', washDate: '2026-03-15T12:00:00.000Z', completed: false }],
      }),
    );
    expect(t.days).toBe(days(3, { 0: 2, 3: 1, 5: 2 }));
    expect(t.shortfall).toEqual({
      date: '2026-03-18',
      available: 1,
      out: [
        { vehicleId: 'v-A1', regNumber: 'A1', reasons: ['pmi'] },
        { vehicleId: 'v-A2', regNumber: 'A2', reasons: ['lti'] },
      ],
    });
  });

  it('takes a vehicle out over its TDY, both ends included; a TDY without an end runs past the horizon', () => {
    const t = pickup(
      sources({
        vehicles: [vehicle('A1'), vehicle('A2')],
        tdys: [
          { tdyId: 't1', vehicleId: 'v-A1', startDate: '2026-03-10', endDate: '2026-03-17', description: 'Exercise', completed: false },
          { tdyId: 't2', vehicleId: 'v-A2', startDate: '2026-04-10', endDate: null, description: 'Deployment', completed: false },
        ],
      }),
    );
    expect(t.days).toBe(days(2, { 0: 1, 1: 1, 2: 1, 26: 1, 27: 1, 28: 1, 29: 1 }));
    expect(t.shortfall).toEqual({ date: '2026-03-15', available: 1, out: [{ vehicleId: 'v-A1', regNumber: 'A1', reasons: ['tdy'] }] });
  });

  it('keeps a vehicle in maintenance or inoperable out through its ETIC day, and out throughout without an ETIC or past it', () => {
    const withEtic = pickup(sources({ vehicles: [vehicle('A1'), vehicle('A2', withStatus('inMx', '2026-03-19T15:00:00.000Z'))] }));
    expect(withEtic.days).toBe(days(2, { 0: 1, 1: 1, 2: 1, 3: 1, 4: 1 }));
    expect(withEtic.shortfall?.out).toEqual([{ vehicleId: 'v-A2', regNumber: 'A2', reasons: ['inMx'] }]);

    const noEtic = pickup(sources({ vehicles: [vehicle('A1'), vehicle('A2', withStatus('invalid'))] }));
    expect(noEtic.days).toBe(all(1));
    expect(noEtic.shortfall?.out[0]?.reasons).toEqual(['inoperable']);

    const pastEtic = pickup(sources({ vehicles: [vehicle('A1'), vehicle('A2', withStatus('inMx', '2026-03-14T15:00:00.000Z'))] }));
    expect(pastEtic.days).toBe(all(1));

    // A warning vehicle is available, as in the Overview.
    expect(pickup(sources({ vehicles: [vehicle('A1'), vehicle('A2', withStatus('warning'))] })).days).toBe(all(2));
  });

  it('takes a vehicle out from its EOL day on, and lists every reason it is out on the short day', () => {
    const t = pickup(
      sources({
        vehicles: [vehicle('A1', { eolDate: '2026-03-25' }), vehicle('A2')],
        washes: [{ washId: 'w1', vehicleId: 'v-A1', washDate: '2026-03-25T09:00:00.000Z', completed: false }],
      }),
    );
    expect(t.days).toBe(days(2, Object.fromEntries(Array.from({ length: 20 }, (_, i) => [i + 10, 1]))));
    expect(t.shortfall).toEqual({ date: '2026-03-25', available: 1, out: [{ vehicleId: 'v-A1', regNumber: 'A1', reasons: ['eol', 'wash'] }] });
  });

  it('places no overdue or completed record, counts no decommissioned vehicle, and matches the MEL type by name whatever its case', () => {
    const t = pickup(
      sources({
        vehicles: [vehicle('A1', { vehicleType: 'PICKUP' }), vehicle('A2'), vehicle('A3', { decommissionDate: '2026-03-01T00:00:00.000Z' })],
        pmis: [
          { pmiId: 'p1', vehicleId: 'v-A1', mxDate: '2026-03-10T08:00:00.000Z', completed: false },
          { pmiId: 'p2', vehicleId: 'v-A2', mxDate: '2026-03-20T08:00:00.000Z', completed: true },
          { pmiId: 'p3', vehicleId: 'v-A3', mxDate: '2026-03-20T08:00:00.000Z', completed: false },
        ],
      }),
    );
    expect(t.days).toBe(all(2));
    expect(t.shortfall).toBeNull();
  });

  it('shows only the types with a MEL above 0 of the sections in scope; a MEL with no vehicles is short from today', () => {
    const src = sources({
      vehicles: [vehicle('A1'), vehicle('A2'), vehicle('B1', { sectionId: 's2', vehicleType: 'Bus' })],
      mels: [
        { melId: 'm1', sectionId: 's1', vehicleType: 'Pickup', mel: 2 },
        { melId: 'm2', sectionId: 's1', vehicleType: 'Forklift', mel: 0 },
        { melId: 'm3', sectionId: 's2', vehicleType: 'Tanker', mel: 1 },
      ],
    });
    const bravo = forecast(src, 's2');
    expect(bravo.sections.map((s) => s.sectionName)).toEqual(['Bravo']);
    expect(bravo.sections[0]!.vehicleTypes).toEqual([
      { vehicleType: 'Tanker', mel: 1, available: Array(30).fill(0), shortfall: { date: '2026-03-15', available: 0, out: [] } },
    ]);
    expect(forecast(src).sections[0]!.vehicleTypes.map((t) => t.vehicleType)).toEqual(['Pickup']);
  });
});
