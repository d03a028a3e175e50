import { describe, expect, it } from 'vitest';
import { assembleAf1800Form } from './af1800-form.ts';
import { discrepancy, inspection, result, sources, vehicle, workflowRule } from '../testing/af1800-form-fixtures.ts';
import { milesHoursText } from './af1800-form-page2.ts';
import { tirePressureAxle, TIRE_PRESSURE_RULE_TITLES } from './af1800-form-tires.ts';

const MARCH = { year: 2026, month: 3 };
const NOW = new Date('2026-03-20T12:00:00Z');
const page2 = (s: Parameters<typeof assembleAf1800Form>[0]) => assembleAf1800Form(s, vehicle(), MARCH, NOW).page2;
/** The fixture's text is 'Discrepancy {mxId}'. */
const ids = (s: Parameters<typeof assembleAf1800Form>[0]) => page2(s).rows.map((r) => r.operatorsReport.discrepancy.replace('Discrepancy ', ''));

describe('AF1800 page 2 maintenance rows', () => {
  it('lists the discrepancies found in the month and those still open when it began, by discovery date', () => {
    const discrepancies = [
      discrepancy('found in March', '2026-03-10T08:00:00Z'),
      discrepancy('open since February', '2026-02-03T08:00:00Z'),
      discrepancy('February, completed in March', '2026-02-20T08:00:00Z', { actualCompletionDate: '2026-03-02T10:00:00Z' }),
      discrepancy('found on the 1st at midnight', '2026-03-01T00:00:00Z'),
    ];
    expect(ids(sources({ discrepancies }))).toEqual(['open since February', 'February, completed in March', 'found on the 1st at midnight', 'found in March']);
  });

  it('leaves out disregarded ones, those completed before the month, later ones and other vehicles’', () => {
    const discrepancies = [
      discrepancy('disregarded', '2026-03-10T08:00:00Z', { disregard: true }),
      discrepancy('completed in February', '2026-02-03T08:00:00Z', { actualCompletionDate: '2026-02-28T23:59:59Z' }),
      discrepancy('April', '2026-04-01T00:00:00Z'),
      discrepancy('other vehicle', '2026-03-10T08:00:00Z', { vehicleId: 'v2' }),
    ];
    expect(ids(sources({ discrepancies }))).toEqual([]);
  });

  it('orders discrepancies found at the same moment by id, whatever the input order', () => {
    const discrepancies = [discrepancy('b', '2026-03-10T08:00:00Z'), discrepancy('a', '2026-03-10T08:00:00.000+00:00')];
    expect(ids(sources({ discrepancies }))).toEqual(['a', 'b']);
  });

  it('fills the operator’s report, the report to maintenance and the maintenance status from the discrepancy', () => {
    const d = discrepancy('d1', '2026-03-10T08:00:00+01:00', {
      itemNo: 20,
      discrepancy: 'Left tail light out',
      reportDate: '2026-03-10T07:20:00Z',
      reportMiles: 12345,
      reportHours: 678,
      reporterUserId: 'disp1',
      workOrder: 'WO26-00042',
      workDate: '2026-03-11T08:00:00Z',
      af1800StatusCode: 'D-P',
      mxUserId: 'mx1',
    });
    expect(page2(sources({ discrepancies: [d] })).rows).toEqual([
      {
        operatorsReport: { itemNo: 20, discrepancy: 'Left tail light out', date: '2026-03-10T07:00:00.000Z' },
        reportedToMx: { date: '2026-03-10T07:20:00.000Z', milesHours: '12,345 mi / 678 hrs', name: 'Morgan Diaz' },
        mxReportStatus: { workOrder: 'WO26-00042', date: '2026-03-11T08:00:00.000Z', statusCode: 'D-P', employeeNumber: 'Riley Brooks' },
      },
    ]);
  });

  it('names the inspector who found it when nobody reported it, and leaves empty what is not known', () => {
    const [row] = page2(sources({ discrepancies: [discrepancy('d1', '2026-03-10T08:00:00Z')] })).rows;
    expect(row!.reportedToMx).toEqual({ date: null, milesHours: '', name: 'Sam Patel' });
    expect(row!.mxReportStatus).toEqual({ workOrder: '', date: null, statusCode: '', employeeNumber: '' });
  });

  it('prints a maintenance employee who is not a user as recorded (an employee number)', () => {
    const [row] = page2(sources({ discrepancies: [discrepancy('d1', '2026-03-10T08:00:00Z', { mxUserId: '  40512 ' })] })).rows;
    expect(row!.mxReportStatus.employeeNumber).toBe('40512');
  });

  it('dates the status by completion, else start of work, else the last change when a code was given', () => {
    const base = { af1800StatusCode: 'C-P' as const, validFrom: '2026-03-15T00:00:00Z' };
    const status = (extra: object) =>
      page2(sources({ discrepancies: [discrepancy('d', '2026-03-10T08:00:00Z', { ...base, ...extra })] })).rows[0]!.mxReportStatus.date;
    expect(status({ workDate: '2026-03-11T00:00:00Z', actualCompletionDate: '2026-03-12T00:00:00Z' })).toBe('2026-03-12T00:00:00.000Z');
    expect(status({ workDate: '2026-03-11T00:00:00Z' })).toBe('2026-03-11T00:00:00.000Z');
    expect(status({})).toBe('2026-03-15T00:00:00.000Z');
    expect(status({ af1800StatusCode: null })).toBeNull();
  });

  it('writes report readings as miles, hours, both or nothing', () => {
    expect(milesHoursText(1234567, null)).toBe('1,234,567 mi');
    expect(milesHoursText(null, 42)).toBe('42 hrs');
    expect(milesHoursText(500, 1000)).toBe('500 mi / 1,000 hrs');
    expect(milesHoursText(null, null)).toBe('');
  });
});

describe('AF1800 page 2 monthly miles and hours', () => {
  it('is the month’s last reading with the inspector who took it', () => {
    const inspections = [
      inspection('i1', '2026-03-02T07:00:00Z', { miles: 100, hours: 10 }),
      inspection('i2', '2026-03-20T07:00:00Z', { miles: 180, hours: null, inspectorId: 'insp2' }),
      inspection('i3', '2026-03-25T07:00:00Z'),
      inspection('apr', '2026-04-01T07:00:00Z', { miles: 999 }),
    ];
    expect(page2(sources({ inspections })).monthlyRequirement.milesHours).toEqual({
      date: '2026-03-20T07:00:00.000Z',
      miles: 180,
      hours: null,
      operator: 'Lee Chen',
    });
  });

  it('is null without a reading in the month', () => {
    expect(page2(sources({ inspections: [inspection('i1', '2026-03-02T07:00:00Z')] })).monthlyRequirement.milesHours).toBeNull();
  });
});

describe('AF1800 page 2 tire pressure', () => {
  const tires = (value: number, title: string, extra = {}) => ({ title, value, extra });
  function withReadings(...perInspection: { at: string; readings: ReturnType<typeof tires>[]; inspectorId?: string }[]) {
    const inspections = perInspection.map((p, i) => inspection(`i${i}`, p.at, { inspectorId: p.inspectorId ?? 'insp1' }));
    const inspectionResults = perInspection.flatMap((p, i) =>
      p.readings.map((r, j) =>
        result(`r${i}-${j}`, `i${i}`, `rule-${r.title}`, r.value, {
          position: j,
          overview: { title: r.title, description: null, ruleType: 'threshold', fields: {} },
          ...r.extra,
        }),
      ),
    );
    return page2(sources({ inspections, inspectionResults })).monthlyRequirement.tirePressure;
  }

  it('is the front and rear readings of the month’s last inspection that took any', () => {
    expect(
      withReadings(
        { at: '2026-03-02T07:00:00Z', readings: [tires(30, TIRE_PRESSURE_RULE_TITLES.front), tires(32, TIRE_PRESSURE_RULE_TITLES.rear)] },
        { at: '2026-03-09T07:00:00Z', readings: [tires(35, TIRE_PRESSURE_RULE_TITLES.front)], inspectorId: 'insp2' },
        { at: '2026-03-16T07:00:00Z', readings: [tires(80, 'Hydraulic pressure')] },
      ),
    ).toEqual({ frontPsi: 35, rearPsi: null, operator: 'Lee Chen', date: '2026-03-09T07:00:00.000Z' });
  });

  it('takes a rule naming no axle as the reading of every tire', () => {
    expect(withReadings({ at: '2026-03-02T07:00:00Z', readings: [tires(33.5, 'Tire pressure')] })).toMatchObject({ frontPsi: 33.5, rearPsi: 33.5 });
  });

  it('is null when no inspection of the month measured tire pressure (the pass/fail tires item is no reading)', () => {
    expect(withReadings({ at: '2026-03-02T07:00:00Z', readings: [] })).toBeNull();
    const inspections = [inspection('i1', '2026-03-02T07:00:00Z')];
    const inspectionResults = [
      result('r1', 'i1', 'AF1800-30', true, { overview: { title: 'Tires (inflation, wear, damage)', description: null, ruleType: 'passFail', fields: {} } }),
    ];
    expect(page2(sources({ inspections, inspectionResults })).monthlyRequirement.tirePressure).toBeNull();
  });

  it('finds the rule’s title and units in the workflow rules when the result has no overview', () => {
    const inspections = [inspection('i1', '2026-03-02T07:00:00Z')];
    const inspectionResults = [result('r1', 'i1', 'custom-1', 41, { overview: null })];
    const workflowRules = [workflowRule('custom-1', 'Rear tires', { ruleType: 'threshold', fields: { units: 'psi' } })];
    expect(page2(sources({ inspections, inspectionResults, workflowRules })).monthlyRequirement.tirePressure).toMatchObject({ frontPsi: null, rearPsi: 41 });
  });

  it.each([
    ['Tire pressure (front)', null, 'front'],
    ['Rear tyre inflation', null, 'rear'],
    ['Tires', 'PSI', 'both'],
    ['Tires', 'mm', null],
    ['Hydraulic pressure', 'psi', null],
    ['Attire check', 'psi', null],
  ] as const)('%s in %s is %s', (title, units, axle) => expect(tirePressureAxle(title, units)).toBe(axle));
});
