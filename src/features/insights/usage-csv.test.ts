import { describe, expect, it } from 'vitest';
import type { UsageTimeseries } from '../../../core/schema/insights.ts';
import { kilometers, usageCsv, usageFileName } from './usage-csv.ts';

const vehicle = (vehicleId: string, regNumber: string, vehicleType: string) => ({ vehicleId, regNumber, vehicleType, year: 2019, make: 'Ford', model: 'F-250' });

const usage: UsageTimeseries = {
  start: '2026-09-15',
  end: '2026-11-02',
  vehicles: [vehicle('v2', 'B-200', 'Bus'), vehicle('v1', '0123', 'Pickup')],
  months: [
    { vehicleId: 'v1', month: '2026-09', miles: 120, hours: 4, totalMiles: 10120, totalHours: 304 },
    { vehicleId: 'v1', month: '2026-11', miles: 7, hours: 1, totalMiles: 10127, totalHours: 305 },
    { vehicleId: 'v2', month: '2026-10', miles: 33, hours: 2, totalMiles: 5033, totalHours: null },
  ],
};
const range = { start: '2026-09-15', end: '2026-11-02' };
const lines = (csv: string) => csv.replace('\uFEFF', '').trimEnd().split('\r\n');

describe('the usage CSV', () => {
  it('is named for its first and last month', () => {
    expect(usageFileName(range)).toBe('vehicle-usage_2026-09-2026-11.csv');
  });

  it('turns miles into kilometers times 1.6, rounded to 2 decimals', () => {
    expect(kilometers(120)).toBe(192);
    expect(kilometers(10127)).toBe(16203.2);
    expect(kilometers(0.333)).toBe(0.53);
  });

  it('writes per month miles, total miles, kilometers, total kilometers, hours and total hours, a line per vehicle', () => {
    const [header, first, second] = lines(usageCsv(usage, range, []));
    const months = ['2026-09', '2026-10', '2026-11'];
    expect(header).toBe(
      [
        'Registration Number',
        'Vehicle Type',
        ...months.flatMap((m) => ['Miles', 'Total Miles', 'Kilometers', 'Total Kilometers', 'Hours', 'Total Hours'].map((c) => `${m} ${c}`)),
      ].join(','),
    );
    // Registration numbers stay text; a month without readings used nothing and has no total.
    expect(first).toBe('"=""0123""",Pickup,120,10120,192,16192,4,304,0,,0,,0,,7,10127,11.2,16203.2,1,305');
    expect(second).toBe('"=""B-200""",Bus,0,,0,,0,,33,5033,52.8,8052.8,2,,0,,0,,0,');
  });

  it('keeps only the vehicle types the tab shows', () => {
    const csv = lines(usageCsv(usage, range, ['Bus']));
    expect(csv).toHaveLength(2);
    expect(csv[1]).toContain('B-200');
  });
});
