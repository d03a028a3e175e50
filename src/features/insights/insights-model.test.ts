import { describe, expect, it } from 'vitest';
import type { FailuresOverview, FailuresPerVehicle, InspectInsight, UsageExcess, UsageTimeseries } from '../../../core/schema/insights.ts';
import {
  averagePerInspector,
  excessPoints,
  failuresPerDay,
  OTHER_RULES_ID,
  PER_DAY_RULES_SHOWN,
  failuresPerVehicle,
  minutesPerDay,
  minutesPerVehicle,
  ruleLabel,
  usagePoints,
  vehicleTypesOf,
  yearMakeModel,
} from './insights-model.ts';
import { defaultInsightsRange, insightsKey, insightsRangeFault, monthsOf } from './insights-range.ts';

const v = (vehicleId: string, vehicleType: string) => ({ vehicleId, regNumber: `R-${vehicleId}`, vehicleType, year: 2020, make: 'Ford', model: null });

const inspect: InspectInsight = {
  start: '2026-11-01',
  end: '2026-11-30',
  perDay: [
    { day: '2026-11-02', vehicleType: 'Bus', inspections: 2, durationSeconds: 1200 },
    { day: '2026-11-02', vehicleType: 'Pickup', inspections: 1, durationSeconds: 330 },
    { day: '2026-11-01', vehicleType: 'Pickup', inspections: 1, durationSeconds: 600 },
  ],
  perInspector: [
    { inspectorId: 'u1', inspectorName: 'Ann Lee', vehicleType: 'Bus', inspections: 2, durationSeconds: 1200 },
    { inspectorId: 'u1', inspectorName: 'Ann Lee', vehicleType: 'Pickup', inspections: 1, durationSeconds: 330 },
    { inspectorId: 'u2', inspectorName: 'Bo Diaz', vehicleType: 'Pickup', inspections: 1, durationSeconds: 600 },
  ],
  perVehicle: [
    { ...v('a', 'Bus'), inspections: 2, durationSeconds: 1200 },
    { ...v('b', 'Pickup'), inspections: 2, durationSeconds: 930 },
  ],
};

describe('the Inspections charts', () => {
  it('sum minutes per day, per inspector and per vehicle, for the vehicle types chosen', () => {
    expect(minutesPerDay(inspect, [])).toEqual([
      { day: '2026-11-01', inspections: 1, minutes: 10 },
      { day: '2026-11-02', inspections: 3, minutes: 25.5 },
    ]);
    expect(minutesPerDay(inspect, ['Pickup'])).toEqual([
      { day: '2026-11-01', inspections: 1, minutes: 10 },
      { day: '2026-11-02', inspections: 1, minutes: 5.5 },
    ]);
    expect(averagePerInspector(inspect, [])).toEqual([
      { inspectorId: 'u2', name: 'Bo Diaz', inspections: 1, averageMinutes: 10 },
      { inspectorId: 'u1', name: 'Ann Lee', inspections: 3, averageMinutes: 8.5 },
    ]);
    expect(averagePerInspector(inspect, ['Bus']).map((p) => [p.name, p.averageMinutes])).toEqual([['Ann Lee', 10]]);
    expect(minutesPerVehicle(inspect, []).map((x) => [x.vehicle.regNumber, x.totalMinutes, x.averageMinutes])).toEqual([
      ['R-a', 20, 10],
      ['R-b', 15.5, 7.8],
    ]);
    expect(vehicleTypesOf(inspect.perDay, inspect.perVehicle)).toEqual(['Bus', 'Pickup']);
    expect(yearMakeModel(v('a', 'Bus'))).toBe('2020 Ford');
  });
});

describe('the Failures charts', () => {
  const overview: FailuresOverview = {
    start: '2026-11-01',
    end: '2026-11-30',
    rules: [
      {
        ruleId: 'AF1800-3',
        title: 'Tires',
        data: [
          {
            day: '2026-11-02',
            totalFailures: 3,
            details: [
              { regNumber: 'R-a', vehicleType: 'Bus', failures: 2 },
              { regNumber: 'R-b', vehicleType: 'Pickup', failures: 1 },
            ],
          },
          { day: '2026-11-05', totalFailures: 1, details: [{ regNumber: 'R-a', vehicleType: 'Bus', failures: 1 }] },
        ],
      },
      { ruleId: 'AF1800-7', title: 'Lights', data: [{ day: '2026-11-05', totalFailures: 1, details: [{ regNumber: 'R-b', vehicleType: 'Pickup', failures: 1 }] }] },
    ],
  };
  const perVehicle: FailuresPerVehicle = {
    start: '2026-11-01',
    end: '2026-11-30',
    rules: [
      { ruleId: 'AF1800-3', title: 'Tires' },
      { ruleId: 'AF1800-7', title: 'Lights' },
    ],
    vehicleTypes: [
      {
        vehicleType: 'Pickup',
        vehicles: [
          {
            ...v('b', 'Pickup'),
            failuresByRule: [
              { ruleId: 'AF1800-3', failures: 1 },
              { ruleId: 'AF1800-7', failures: 1 },
            ],
            totalFailures: 2,
          },
        ],
      },
      { vehicleType: 'Bus', vehicles: [{ ...v('a', 'Bus'), failuresByRule: [{ ruleId: 'AF1800-3', failures: 3 }], totalFailures: 3 }] },
    ],
  };

  it('stack failures per day per rule, for the types and rules chosen', () => {
    expect(failuresPerDay(overview, [], [])).toEqual({
      days: ['2026-11-02', '2026-11-05'],
      series: [
        { ruleId: 'AF1800-3', title: 'Tires', counts: [3, 1] },
        { ruleId: 'AF1800-7', title: 'Lights', counts: [0, 1] },
      ],
      rules: 2,
    });
    expect(failuresPerDay(overview, ['Pickup'], [])).toEqual({
      days: ['2026-11-02', '2026-11-05'],
      series: [
        { ruleId: 'AF1800-3', title: 'Tires', counts: [1, 0] },
        { ruleId: 'AF1800-7', title: 'Lights', counts: [0, 1] },
      ],
      rules: 2,
    });
    expect(failuresPerDay(overview, ['Bus'], ['AF1800-7'])).toEqual({ days: [], series: [], rules: 0 });
  });

  it('keep the rules failed most, each its own series, and sum the rest in one', () => {
    // 30 rules failed on one day: rule n failed n times.
    const many = {
      start: '2026-11-01',
      end: '2026-11-30',
      rules: Array.from({ length: 30 }, (_, i) => ({
        ruleId: `r${i + 1}`,
        title: `Rule ${i + 1}`,
        data: [{ day: '2026-11-02', totalFailures: i + 1, details: [{ regNumber: 'A', vehicleType: 'Pickup', failures: i + 1 }] }],
      })),
    };
    const perDay = failuresPerDay(many, [], []);
    expect(perDay.rules).toBe(30);
    expect(perDay.series).toHaveLength(PER_DAY_RULES_SHOWN);
    expect(perDay.series.slice(0, 2).map((s) => s.title)).toEqual(['Rule 30', 'Rule 29']);
    const other = perDay.series.at(-1)!;
    expect(other).toEqual({ ruleId: OTHER_RULES_ID, title: '23 other rules', counts: [(23 * 24) / 2] });
  });

  it("name an AF-1800 item by its id and title, an organization's own rule by its title", () => {
    expect(ruleLabel({ ruleId: 'AF1800-7', title: 'Lights' })).toBe('AF1800-7 Lights');
    expect(ruleLabel({ ruleId: 'NcDzEspOXpSvVXsOLdxJC', title: 'Hydraulic pressure' })).toBe('Hydraulic pressure');
  });

  it('group failures per vehicle by type, with each rule for the tooltip', () => {
    const groups = failuresPerVehicle(perVehicle, [], []);
    expect(groups.map((g) => [g.vehicleType, g.vehicles.map((x) => [x.vehicle.regNumber, x.total])])).toEqual([
      ['Bus', [['R-a', 3]]],
      ['Pickup', [['R-b', 2]]],
    ]);
    expect(groups[1]!.vehicles[0]!.byRule).toEqual([
      { ruleId: 'AF1800-3', title: 'Tires', failures: 1 },
      { ruleId: 'AF1800-7', title: 'Lights', failures: 1 },
    ]);
    expect(failuresPerVehicle(perVehicle, [], ['AF1800-7']).map((g) => [g.vehicleType, g.vehicles[0]!.total])).toEqual([['Pickup', 1]]);
  });
});

describe('the Usage charts', () => {
  const usage: UsageTimeseries = {
    start: '2026-10-01',
    end: '2026-11-30',
    vehicles: [v('a', 'Bus'), v('b', 'Pickup')],
    months: [
      { vehicleId: 'a', month: '2026-10', miles: 40, hours: 0, totalMiles: 1040, totalHours: 10 },
      { vehicleId: 'b', month: '2026-11', miles: 5, hours: 2, totalMiles: 505, totalHours: 52 },
    ],
  };
  const excess: UsageExcess = { start: '2026-10-01', end: '2026-11-30', vehicles: [{ ...v('a', 'Bus'), miles: 40, hours: 0, errors: 3 }] };

  it('plot each vehicle month with use, in miles or hours', () => {
    expect(usagePoints(usage, [], 'miles').map((p) => [p.vehicle.regNumber, p.month, p.value])).toEqual([
      ['R-a', '2026-10', 40],
      ['R-b', '2026-11', 5],
    ]);
    expect(usagePoints(usage, [], 'hours').map((p) => p.value)).toEqual([2]);
    expect(usagePoints(usage, ['Bus'], 'miles')).toHaveLength(1);
    expect(excessPoints(excess, [], 'miles')).toEqual([{ vehicle: v('a', 'Bus'), usage: 40, errors: 3 }]);
    expect(excessPoints(excess, ['Pickup'], 'miles')).toEqual([]);
  });
});

describe('the Insights dates', () => {
  it('default to one year back to today', () => {
    expect(defaultInsightsRange(new Date('2026-11-25T09:00:00Z'), 'UTC')).toEqual({ start: '2025-11-25', end: '2026-11-25' });
    // 1 December 00:30 in Tokyo is still 30 November in UTC: the organization's day ends the range.
    expect(defaultInsightsRange(new Date('2026-11-30T15:30:00Z'), 'Asia/Tokyo')).toEqual({ start: '2025-12-01', end: '2026-12-01' });
    expect(defaultInsightsRange(new Date('2026-12-01T08:30:00Z'), 'America/Anchorage')).toEqual({ start: '2025-11-30', end: '2026-11-30' });
  });

  it('start on 2020-01-01 at the earliest and not after the end (part 2 §5)', () => {
    expect(insightsRangeFault({ start: '2019-12-31', end: '2020-02-01' })).toBe('The start date must be 2020-01-01 or later.');
    expect(insightsRangeFault({ start: '2026-02-02', end: '2026-02-01' })).toBe('The start date must not be after the end date.');
    expect(insightsRangeFault({ start: null, end: '2026-02-01' })).toBe('Choose a start date.');
    expect(insightsRangeFault({ start: '2020-01-01', end: '2020-01-01' })).toBeNull();
  });

  it('ask each call with the range, and name its months', () => {
    expect(insightsKey('failuresPerVehicle', { start: '2026-01-01', end: '2026-03-04' })).toBe('/insights/failures/perVehicle?start=2026-01-01&end=2026-03-04');
    expect(monthsOf({ start: '2025-11-25', end: '2026-02-01' })).toEqual(['2025-11', '2025-12', '2026-01', '2026-02']);
  });
});
