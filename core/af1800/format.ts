import { wallTimeOf } from '../rules/org-clock.ts';

/**
 * How values print. Dates are the organization's, in its zone (the form's `timeZone`): the day a
 * person at the motor pool lived, as its day columns are, and the same on the server and every device
 * whatever their own zone.
 */
const two = (n: number) => String(n).padStart(2, '0');

function wallOf(iso: string | null | undefined, zone: string) {
  if (!iso || Number.isNaN(Date.parse(iso))) return null;
  return wallTimeOf(iso, zone);
}

/** dd/MM/yy in the zone; empty for a missing or unreadable date. */
export function formatDate(iso: string | null | undefined, zone: string): string {
  const w = wallOf(iso, zone);
  if (!w) return '';
  const [y, m, d] = w.day.split('-');
  return `${d}/${m}/${y!.slice(-2)}`;
}

/** dd/MM/yy HH:mm in the zone: the page 1 report date. */
export function formatDateTime(iso: string | null | undefined, zone: string): string {
  const w = wallOf(iso, zone);
  return w ? `${formatDate(iso, zone)} ${two(Math.floor(w.minutes / 60))}:${two(w.minutes % 60)}` : '';
}

/** The form's month as MM/yyyy. */
export function formatMonth(year: number, month: number): string {
  return Number.isInteger(year) && Number.isInteger(month) ? `${two(month)}/${year}` : '';
}

/** A count or a pressure: integers as they are, fractions to at most one decimal; nothing for no number. */
export function formatNumber(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '';
  return Number.isInteger(value) ? String(value) : String(Math.round(value * 10) / 10);
}
