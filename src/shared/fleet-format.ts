import dayjs from 'dayjs';
import { af1800MonthOf } from '../../core/rules/af1800-form.ts';
import type { FleetRow } from '../../core/schema/fleet.ts';
import { vehicleFormTitle, type VehicleAf1800Target } from './af1800/af1800-data.ts';

/** Part 1 §9: dates are displayed MM/dd/yyyy (the device's own calendar day). */
export function formatDate(iso: string | null | undefined): string {
  if (!iso) return '';
  const d = dayjs(iso);
  return d.isValid() ? d.format('MM/DD/YYYY') : '';
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

/** A date with its time, MM/dd/yyyy HH:mm in the device's time zone (a wash is scheduled for a time). */
export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '';
  const d = dayjs(iso);
  return d.isValid() ? d.format('MM/DD/YYYY HH:mm') : '';
}
