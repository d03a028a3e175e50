import type { InsightVehicle, UsageTimeseries } from '../../../core/schema/insights.ts';
import { toCsv, type CsvColumn } from '../../shared/csv.ts';
import { monthsOf, type InsightsRange } from './insights-range.ts';

/** Part 2 §9: miles times 1.6, rounded to 2 decimals. */
export function kilometers(miles: number): number {
  return Math.round(miles * 1.6 * 100) / 100;
}

type Month = UsageTimeseries['months'][number];
interface Line {
  vehicle: InsightVehicle;
  months: Map<string, Month>;
}

const number = (n: number | null | undefined) => (n === null || n === undefined ? '' : String(n));

function monthColumns(month: string): CsvColumn<Line>[] {
  const of = (l: Line) => l.months.get(month);
  return [
    { id: `${month}-miles`, header: `${month} Miles`, text: (l) => number(of(l)?.miles ?? 0) },
    { id: `${month}-total-miles`, header: `${month} Total Miles`, text: (l) => number(of(l)?.totalMiles) },
    { id: `${month}-km`, header: `${month} Kilometers`, text: (l) => number(kilometers(of(l)?.miles ?? 0)) },
    { id: `${month}-total-km`, header: `${month} Total Kilometers`, text: (l) => number(of(l)?.totalMiles == null ? null : kilometers(of(l)!.totalMiles!)) },
    { id: `${month}-hours`, header: `${month} Hours`, text: (l) => number(of(l)?.hours ?? 0) },
    { id: `${month}-total-hours`, header: `${month} Total Hours`, text: (l) => number(of(l)?.totalHours) },
  ];
}

/**
 * The usage CSV (part 2 §9): one line per vehicle (of the vehicle types shown), and per month of the
 * range the miles and hours used (the sum of day-over-day deltas, as the server counts them), the last
 * reading ('Total'), and both in kilometers. A month without readings used 0 and has no total.
 */
export function usageCsv(usage: UsageTimeseries, range: InsightsRange, vehicleTypes: readonly string[]): string {
  const shown = new Set(vehicleTypes);
  const lines = new Map<string, Line>();
  for (const vehicle of usage.vehicles) if (shown.size === 0 || shown.has(vehicle.vehicleType)) lines.set(vehicle.vehicleId, { vehicle, months: new Map() });
  for (const month of usage.months) lines.get(month.vehicleId)?.months.set(month.month, month);
  const columns: CsvColumn<Line>[] = [
    { id: 'regNumber', header: 'Registration Number', text: (l) => l.vehicle.regNumber, forceText: true },
    { id: 'vehicleType', header: 'Vehicle Type', text: (l) => l.vehicle.vehicleType },
    ...monthsOf(range).flatMap(monthColumns),
  ];
  const rows = [...lines.values()].sort((a, b) => a.vehicle.regNumber.localeCompare(b.vehicle.regNumber));
  return toCsv(rows, columns);
}

/** vehicle-usage_{first month}-{last month}.csv (part 2 §9), months as yyyy-MM. */
export function usageFileName(range: InsightsRange): string {
  return `vehicle-usage_${range.start.slice(0, 7)}-${range.end.slice(0, 7)}.csv`;
}
