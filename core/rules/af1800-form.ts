import type { Af1800Form, Af1800Month, Af1800Report } from '../schema/af1800.ts';
import type { FeedRow } from '../schema/feeds.ts';
import { af1800MonthRange, type MonthRange } from './af1800-form-month.ts';
import { page1 } from './af1800-form-page1.ts';
import { page2 } from './af1800-form-page2.ts';
import { page3Items } from './af1800-form-page3.ts';
import { orgZoneOf } from './org-clock.ts';
import { indexAf1800Sources, vehicleMonth, type Af1800Index, type Af1800Sources } from './af1800-form-sources.ts';

export type { Af1800Sources } from './af1800-form-sources.ts';
export { onMonthForm } from './af1800-form-sources.ts';
export {
  AF1800_MONTH_MESSAGE,
  AF1800_YEAR_MESSAGE,
  af1800MonthOf,
  af1800MonthProblem,
  af1800MonthRange,
  currentAf1800Month,
  defaultReportMonth,
  formatAf1800Month,
  LAST_MONTH_DEFAULT_DAYS,
  type MonthRange,
} from './af1800-form-month.ts';
export { TIRE_PRESSURE_RULE_TITLES } from './af1800-form-tires.ts';

type Vehicle = FeedRow<'vehicles'>;

/*
 * The AF1800 form data of part 2 §3, assembled from feed rows: the device runs these over its mirror
 * (the current and the previous month, whose inspection details it holds), the server over its tables
 * for the /files/af1800 and /reports/af1800 calls. docs/af1800-form-data.md gives every field's source.
 */

function formOf(index: Af1800Index, vehicle: Vehicle, now: Date): Af1800Form {
  const records = vehicleMonth(index, vehicle.vehicleId);
  return {
    year: index.month.year,
    month: index.month.month,
    vehicleId: vehicle.vehicleId,
    timeZone: index.zone,
    page1: page1(index, vehicle, records, now),
    page2: page2(index, records),
    page3: { items: page3Items(index, records) },
  };
}

function hasData(index: Af1800Index, vehicleId: string): boolean {
  const records = vehicleMonth(index, vehicleId);
  return records.inspections.length > 0 || records.discrepancies.length > 0;
}

/** One vehicle's form for a month; `now` is the form's production date (page 1 `date`). */
export function assembleAf1800Form(sources: Af1800Sources, vehicle: Vehicle, month: Af1800Month, now: Date): Af1800Form {
  return formOf(indexAf1800Sources(sources, month, new Set([vehicle.vehicleId])), vehicle, now);
}

/**
 * Whether the vehicle belongs in a month's combined report: in commission for at least part of the
 * month. A vehicle decommissioned before the month began is out; one decommissioned during or after
 * it was still operated then, and its form for that month is still owed.
 */
export function inCommissionDuring(vehicle: Pick<Vehicle, 'decommissionDate'>, range: MonthRange): boolean {
  return vehicle.decommissionDate === null || Date.parse(vehicle.decommissionDate) >= range.start;
}

const regKey = (v: Vehicle) => v.regNumber.trim().toLowerCase();

/**
 * The combined report of a month (GET .../reports/af1800/{year}/{month}): one form per vehicle in
 * commission during the month that has data, by registration (then id, so equal ones keep an order).
 * No vehicle with data → `forms: []`, which the modal shows as 'No report information for this month.'
 */
export function assembleAf1800Report(sources: Af1800Sources & { vehicles: readonly Vehicle[] }, month: Af1800Month, now: Date): Af1800Report {
  const range = af1800MonthRange(month, orgZoneOf(sources.organization));
  const vehicles = sources.vehicles
    .filter((v) => inCommissionDuring(v, range))
    .sort((a, b) => (regKey(a) < regKey(b) ? -1 : regKey(a) > regKey(b) ? 1 : a.vehicleId < b.vehicleId ? -1 : a.vehicleId > b.vehicleId ? 1 : 0));
  const index = indexAf1800Sources(sources, month, new Set(vehicles.map((v) => v.vehicleId)));
  const forms = vehicles.filter((v) => hasData(index, v.vehicleId)).map((v) => formOf(index, v, now));
  return { year: month.year, month: month.month, forms };
}
