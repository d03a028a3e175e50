import type { Af1800MaintenanceRow, Af1800Page2 } from '../schema/af1800.ts';
import type { FeedRow } from '../schema/feeds.ts';
import type { People } from './af1800-form-people.ts';
import { isoOf, type Af1800Index, type TimedInspection, type VehicleMonth } from './af1800-form-sources.ts';
import { tirePressureAxle } from './af1800-form-tires.ts';

type Discrepancy = FeedRow<'discrepancies'>;
type MonthlyRequirement = Af1800Page2['monthlyRequirement'];

const grouped = (n: number) => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/** The odometer readings of a report in one box: "12,345 mi / 678 hrs", either part alone, or ''. */
export function milesHoursText(miles: number | null, hours: number | null): string {
  const parts: string[] = [];
  if (miles !== null) parts.push(`${grouped(miles)} mi`);
  if (hours !== null) parts.push(`${grouped(hours)} hrs`);
  return parts.join(' / ');
}

/**
 * The date of the maintenance status: when the work was completed, else when maintenance started on
 * it, else, for a status code given without either, when the discrepancy last changed.
 */
export function mxStatusDate(d: Discrepancy): string | null {
  const date = d.actualCompletionDate ?? d.workDate ?? (d.af1800StatusCode !== null ? d.validFrom : null);
  return date === null ? null : isoOf(date);
}

/** One discrepancy as a page 2 line. */
export function maintenanceRow(d: Discrepancy, people: People): Af1800MaintenanceRow {
  return {
    operatorsReport: { itemNo: d.itemNo, discrepancy: d.discrepancy, date: isoOf(d.dateDiscovered) },
    reportedToMx: {
      date: d.reportDate === null ? null : isoOf(d.reportDate),
      milesHours: milesHoursText(d.reportMiles, d.reportHours),
      // As the Required grid's Reporter column (part 1 §2): the reporter, or the inspector who found it.
      name: people.fullName(d.reporterUserId ?? d.inspectorId),
    },
    mxReportStatus: {
      workOrder: d.workOrder ?? '',
      date: mxStatusDate(d),
      statusCode: d.af1800StatusCode ?? '',
      employeeNumber: people.nameOrRecorded(d.mxUserId),
    },
  };
}

const newestFirst = (records: VehicleMonth) => [...records.inspections].reverse();

/** The month's last odometer reading: the newest inspection (or amendment) that recorded miles or hours. */
export function monthlyMilesHours(records: VehicleMonth, people: People): MonthlyRequirement['milesHours'] {
  const last = newestFirst(records).find(({ row }) => row.miles !== null || row.hours !== null);
  if (!last) return null;
  const { row, at } = last;
  return { date: new Date(at).toISOString(), miles: row.miles, hours: row.hours, operator: people.fullName(row.inspectorId, row.inspector) };
}

function tireReadings(index: Af1800Index, inspection: TimedInspection): { front: number | null; rear: number | null } {
  let front: number | null = null;
  let rear: number | null = null;
  for (const r of index.results.get(inspection.row.inspectionId) ?? []) {
    const value = r.result.value;
    if (typeof value !== 'number' || !Number.isFinite(value)) continue;
    const rule = index.rules.get(r.ruleId);
    const axle = tirePressureAxle(r.overview?.title ?? rule?.title ?? '', r.units ?? rule?.units ?? null);
    if ((axle === 'front' || axle === 'both') && front === null) front = value;
    if ((axle === 'rear' || axle === 'both') && rear === null) rear = value;
  }
  return { front, rear };
}

/** The month's last tire pressure check: the readings of the newest inspection that took any. */
export function monthlyTirePressure(records: VehicleMonth, index: Af1800Index): MonthlyRequirement['tirePressure'] {
  for (const inspection of newestFirst(records)) {
    const { front, rear } = tireReadings(index, inspection);
    if (front === null && rear === null) continue;
    const { row, at } = inspection;
    return { frontPsi: front, rearPsi: rear, operator: index.people.fullName(row.inspectorId, row.inspector), date: new Date(at).toISOString() };
  }
  return null;
}

export function page2(index: Af1800Index, records: VehicleMonth): Af1800Page2 {
  return {
    rows: records.discrepancies.map((d) => maintenanceRow(d, index.people)),
    monthlyRequirement: { milesHours: monthlyMilesHours(records, index.people), tirePressure: monthlyTirePressure(records, index) },
  };
}
