/**
 * How values print. Dates are UTC (Zulu): the organization's shift times are given in Zulu (part 2 §3),
 * and the server and every device must print the same form whatever their own time zone.
 */
const two = (n: number) => String(n).padStart(2, '0');

function utc(iso: string | null | undefined): Date | null {
  if (!iso) return null;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** dd/MM/yy in UTC; empty for a missing or unreadable date. */
export function formatDate(iso: string | null | undefined): string {
  const d = utc(iso);
  return d ? `${two(d.getUTCDate())}/${two(d.getUTCMonth() + 1)}/${two(d.getUTCFullYear() % 100)}` : '';
}

/** dd/MM/yy HH:mm in UTC: the page 1 report date. */
export function formatDateTime(iso: string | null | undefined): string {
  const d = utc(iso);
  return d ? `${formatDate(iso)} ${two(d.getUTCHours())}:${two(d.getUTCMinutes())}` : '';
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
