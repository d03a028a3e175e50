import { describe, expect, it } from 'vitest';
import { af1800FormSchema, af1800ReportSchema } from '../schema/af1800.ts';
import { assembleAf1800Form, assembleAf1800Report, currentAf1800Month, inCommissionDuring } from './af1800-form.ts';
import { af1800MonthRange } from './af1800-form-month.ts';
import { discrepancy, inspection, result, sources, vehicle } from '../testing/af1800-form-fixtures.ts';

const MARCH = { year: 2026, month: 3 };
const NOW = new Date('2026-03-20T12:00:00Z');

/** A vehicle with a bit of everything in March. */
function busyMonth() {
  const inspections = [inspection('i1', '2026-03-02T07:00:00Z', { miles: 100, hours: 5 }), inspection('i2', '2026-03-03T15:00:00Z', { shift: 2 })];
  const inspectionResults = [
    result('r1', 'i1', 'AF1800-36', false, { comment: 'Strap frayed' }),
    result('r2', 'i1', 'tp', 32, { overview: { title: 'Tire pressure', description: null, ruleType: 'threshold', fields: {} } }),
  ];
  const discrepancies = [discrepancy('d1', '2026-03-02T07:10:00Z', { reportDate: '2026-03-02T07:30:00Z', reporterUserId: 'disp1' })];
  return sources({ inspections, inspectionResults, discrepancies });
}

describe('assembleAf1800Form', () => {
  it('gives a form the contract accepts, for the asked month and vehicle', () => {
    const form = af1800FormSchema.parse(assembleAf1800Form(busyMonth(), vehicle(), MARCH, NOW));
    expect(form).toMatchObject({ year: 2026, month: 3, vehicleId: 'v1' });
    expect(form.page1.signatures).toHaveLength(2);
    expect(form.page2.rows).toHaveLength(1);
    expect(form.page2.monthlyRequirement.milesHours).toMatchObject({ miles: 100, hours: 5 });
    expect(form.page2.monthlyRequirement.tirePressure).toMatchObject({ frontPsi: 32, rearPsi: 32 });
    expect(form.page3.items[0]).toEqual({ itemNo: 36, isChecked: true, text: 'Strap frayed' });
  });

  it('does not depend on the order of the sources', () => {
    const s = busyMonth();
    const reversed = {
      ...s,
      inspections: [...s.inspections].reverse().map((i) => ({ ...i, results: i.results && [...i.results].reverse() })),
      users: [...s.users].reverse(),
    };
    expect(assembleAf1800Form(reversed, vehicle(), MARCH, NOW)).toEqual(assembleAf1800Form(s, vehicle(), MARCH, NOW));
  });

  it("takes the current form as the month of now in the organization's zone", () => {
    expect(currentAf1800Month(new Date('2026-03-31T23:30:00Z'), 'UTC')).toEqual(MARCH);
    expect(currentAf1800Month(new Date('2026-04-01T00:00:00Z'), 'UTC')).toEqual({ year: 2026, month: 4 });
  });
});

/** Whether the month's combined report holds the vehicle: only vehicles with AF1800 data that month. */
const hasAf1800Data = (s: ReturnType<typeof sources>, vehicleId: string, month: typeof MARCH) =>
  assembleAf1800Report({ ...s, vehicles: [vehicle(vehicleId)] }, month, NOW).forms.length > 0;

describe('a vehicle has AF1800 data in a month', () => {
  it('is true for an inspection, an amendment or a page 2 discrepancy in the month', () => {
    expect(hasAf1800Data(busyMonth(), 'v1', MARCH)).toBe(true);
    expect(hasAf1800Data(sources({ inspections: [inspection('a', '2026-03-05T07:00:00Z', { parentInspectionId: 'x' })] }), 'v1', MARCH)).toBe(true);
    expect(hasAf1800Data(sources({ discrepancies: [discrepancy('open', '2026-01-05T07:00:00Z')] }), 'v1', MARCH)).toBe(true);
  });

  it('is false for another month, another vehicle, or only disregarded or closed discrepancies', () => {
    expect(hasAf1800Data(busyMonth(), 'v1', { year: 2026, month: 2 })).toBe(false);
    expect(hasAf1800Data(busyMonth(), 'v2', MARCH)).toBe(false);
    const discrepancies = [
      discrepancy('x', '2026-03-05T07:00:00Z', { disregard: true }),
      discrepancy('y', '2026-01-05T07:00:00Z', { actualCompletionDate: '2026-02-01T00:00:00Z' }),
    ];
    expect(hasAf1800Data(sources({ discrepancies }), 'v1', MARCH)).toBe(false);
  });
});

describe('assembleAf1800Report', () => {
  it('holds one form per vehicle with data, by registration, leaving out vehicles without data and those decommissioned before the month', () => {
    const s = busyMonth();
    const copy = <T extends { vehicleId: string }>(rows: readonly T[], vehicleId: string) => rows.map((r) => ({ ...r, vehicleId }));
    const inspections = [
      ...s.inspections,
      ...copy(s.inspections, 'v2').map((i) => ({ ...i, inspectionId: `${i.inspectionId}-v2` })),
      ...copy(s.inspections, 'v4').map((i) => ({ ...i, inspectionId: `${i.inspectionId}-v4` })),
    ];
    const vehicles = [
      vehicle('v1', { regNumber: 'b-200' }),
      vehicle('v2', { regNumber: 'A-100', decommissionDate: '2026-03-10T00:00:00Z' }),
      vehicle('v3', { regNumber: 'C-300' }),
      vehicle('v4', { regNumber: 'D-400', decommissionDate: '2026-02-27T00:00:00Z' }),
    ];
    const report = af1800ReportSchema.parse(assembleAf1800Report({ ...s, inspections, vehicles }, MARCH, NOW));
    expect(report.year).toBe(2026);
    expect(report.month).toBe(3);
    expect(report.forms.map((f) => [f.vehicleId, f.page1.regNumber])).toEqual([
      ['v2', 'A-100'],
      ['v1', 'b-200'],
    ]);
    expect(report.forms[1]).toEqual(assembleAf1800Form(s, vehicles[0]!, MARCH, NOW));
  });

  it('is empty for a month without data', () => {
    expect(assembleAf1800Report({ ...busyMonth(), vehicles: [vehicle()] }, { year: 2025, month: 11 }, NOW)).toEqual({ year: 2025, month: 11, forms: [] });
  });

  it('counts a vehicle in commission for part of the month', () => {
    const range = af1800MonthRange(MARCH, 'UTC');
    expect(inCommissionDuring({ decommissionDate: null }, range)).toBe(true);
    expect(inCommissionDuring({ decommissionDate: '2026-03-01T00:00:00Z' }, range)).toBe(true);
    expect(inCommissionDuring({ decommissionDate: '2026-02-28T23:59:59Z' }, range)).toBe(false);
  });
});
