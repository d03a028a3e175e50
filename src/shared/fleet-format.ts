import dayjs from 'dayjs';
import { af1800MonthOf } from '../../core/rules/af1800-form.ts';
import { wallTimeOf } from '../../core/rules/org-clock.ts';
import type { FleetRow } from '../../core/schema/fleet.ts';
import { vehicleFormTitle, type VehicleAf1800Target } from './af1800/af1800-data.ts';

/**
 * The zone dates are shown in: the organization's, set by the shell from the mirror (null, the
 * device's own, before any is known and outside the signed-in app).
 */
let shownZone: string | null = null;
export function setDisplayZone(zone: string | null): void {
  shownZone = zone;
}

const wallOf = (iso: string | null | undefined) => {
  if (!iso || Number.isNaN(Date.parse(iso))) return null;
  if (shownZone === null) {
    const d = dayjs(iso);
    return { day: d.format('YYYY-MM-DD'), minutes: d.hour() * 60 + d.minute() };
  }
  return wallTimeOf(iso, shownZone);
};
const pad = (n: number) => String(n).padStart(2, '0');

/** Part 1 §9: dates are displayed MM/dd/yyyy, the organization's day. */
export function formatDate(iso: string | null | undefined): string {
  const w = wallOf(iso);
  if (!w) return '';
  const [y, m, d] = w.day.split('-');
  return `${m}/${d}/${y}`;
}

/**
 * What the row's AF-1800 link opens (part 1 §2): the current form when the vehicle has no completion
 * date, else the form of the completion date's month (in the organization's zone); null when the
 * row has no link.
 */
export function af1800Target(row: Pick<FleetRow, 'pdf' | 'vehicleId' | 'regNumber' | 'completionDate'>, zone: string): VehicleAf1800Target | null {
  const { vehicleId, regNumber } = row;
  if (row.pdf === 'current') return { vehicleId, regNumber, month: 'current' };
  if (row.pdf === 'monthly' && row.completionDate) return { vehicleId, regNumber, month: af1800MonthOf(new Date(row.completionDate), zone) };
  return null;
}

/** The link's name: the title of the modal it opens, 'Current AF1800 for {reg}' or '{month}/{year} AF1800 for {reg}'. */
export function af1800LinkLabel(row: Pick<FleetRow, 'pdf' | 'vehicleId' | 'regNumber' | 'completionDate'>, zone: string): string | null {
  const target = af1800Target(row, zone);
  return target ? vehicleFormTitle(target.regNumber, target.month) : null;
}

/** The link to a vehicle's page. */
export function vehiclePath(regNumber: string): string {
  return `/Vehicle/${encodeURIComponent(regNumber)}`;
}

/** The link to an inspection's detail (part 1 §2 routes). */
export function inspectionPath(regNumber: string, inspectionId: string): string {
  return `${vehiclePath(regNumber)}/inspection/${encodeURIComponent(inspectionId)}`;
}

/** A date with its time, MM/dd/yyyy HH:mm on the organization's clock (a wash is scheduled for a time). */
export function formatDateTime(iso: string | null | undefined): string {
  const w = wallOf(iso);
  return w ? `${formatDate(iso)} ${pad(Math.floor(w.minutes / 60))}:${pad(w.minutes % 60)}` : '';
}
