import dayjs from 'dayjs';
import type { FleetRow } from '../../../core/schema/fleet.ts';

/** Part 1 §9: dates are displayed MM/dd/yyyy (the device's own calendar day). */
export function formatDate(iso: string | null | undefined): string {
  if (!iso) return '';
  const d = dayjs(iso);
  return d.isValid() ? d.format('MM/DD/YYYY') : '';
}

/** The month of the monthly AF1800, MM/yyyy, from the row's completion date (a UTC month, as the server files forms). */
export function af1800Month(completionDate: string): string {
  const d = new Date(completionDate);
  return `${String(d.getUTCMonth() + 1).padStart(2, '0')}/${d.getUTCFullYear()}`;
}

/**
 * The AF-1800 link's name (part 1 §2): the titles of the modals it opens, 'Current AF1800 for {reg}'
 * or '{month}/{year} AF1800 for {reg}'; null when the row has no link.
 */
export function af1800LinkLabel(row: Pick<FleetRow, 'pdf' | 'regNumber' | 'completionDate'>): string | null {
  if (row.pdf === 'current') return `Current AF1800 for ${row.regNumber}`;
  if (row.pdf === 'monthly' && row.completionDate) return `${af1800Month(row.completionDate)} AF1800 for ${row.regNumber}`;
  return null;
}

/** The link to a vehicle's page. */
export function vehiclePath(regNumber: string): string {
  return `/Vehicle/${encodeURIComponent(regNumber)}`;
}
