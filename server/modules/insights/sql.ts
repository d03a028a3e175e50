import { sql, type SQL } from 'drizzle-orm';
import { addDays, DEFAULT_TIME_ZONE, startOfDay } from '../../../core/rules/org-clock.ts';
import type { InsightVehicle } from '../../../core/schema/insights.ts';

/*
 * What the insights' and the monthly report's queries share. They are plain SQL aggregates: the
 * history is never read into memory, only grouped rows come back (docs/insights-reports.md, "The
 * server's figures"). Every column a query answers is cast to what both drivers read alike (int,
 * float8, text): PGlite hands timestamps back as text and node-postgres as Date, int8 differs too.
 */

/** A range of calendar days, both included, as the moments [from, to): from the start day's midnight to the midnight after the end day. */
export interface DayRange {
  from: string;
  to: string;
}

/** The days `start` to `end` of `zone` (the organization's: core/rules/org-clock.ts). */
export function dayRange(start: string, end: string, zone: string = DEFAULT_TIME_ZONE): DayRange {
  const from = new Date(startOfDay(start, zone));
  const to = new Date(startOfDay(addDays(end, 1), zone));
  // After 9999-12-31 comes year 10000, which toISOString writes as +010000: no database reads that, and no moment lies past it.
  return { from: from.toISOString(), to: to.getUTCFullYear() > 9999 ? 'infinity' : to.toISOString() };
}

/** `column` (a timestamptz, e.g. `i.inspection_date`) lies in the range. */
export function within(column: string, range: DayRange): SQL {
  const c = sql.raw(column);
  return sql`${c} >= ${range.from}::timestamptz and ${c} < ${range.to}::timestamptz`;
}

/** A list of text values as one parameter, for `x in (select ...)` (an empty list matches nothing). */
export function textList(values: readonly string[]): SQL {
  return sql`(select jsonb_array_elements_text(${JSON.stringify(values)}::jsonb))`;
}

/** Whole numbers summed in SQL come back as float8 (exact far past any sum here); this makes them a number. */
export const num = (value: number | string | null | undefined): number => (value === null || value === undefined ? 0 : Number(value));

/** A vehicle's columns the figures show (registration, type, year, make, model), as read with `select id, reg_number, ...`. */
export interface VehicleRow {
  id: string;
  reg_number: string;
  vehicle_type: string;
  year: number | null;
  make: string | null;
  model: string | null;
}

export const toVehicle = (v: VehicleRow): InsightVehicle => ({
  vehicleId: v.id,
  regNumber: v.reg_number,
  vehicleType: v.vehicle_type,
  year: v.year,
  make: v.make,
  model: v.model,
});
