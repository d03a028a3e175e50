import { dayOf, instantAt, startOfDay, wallTimeOf } from '../../core/rules/org-clock.ts';

/*
 * The date pickers draw the device's calendar; a motor pool's dates are the organization's days
 * (core/rules/org-clock.ts). A stored instant is shown on the picker as the wall clock of the
 * organization's zone, and a picked day or time is read back as that wall clock, so a device in
 * another zone picks and shows the days and times the motor pool lives.
 */

const pad = (n: number) => String(n).padStart(2, '0');
const pickedDay = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;

/** The instant as a picker value: a device-local Date with the zone's wall-clock fields. */
export function toPickerDate(iso: string, zone: string): Date | null {
  if (Number.isNaN(Date.parse(iso))) return null;
  const { day, minutes } = wallTimeOf(iso, zone);
  const [y, m, d] = day.split('-').map(Number);
  return new Date(y!, m! - 1, d!, Math.floor(minutes / 60), minutes % 60);
}

/** A picked day (its start in the zone), or a picked day and time (that wall-clock time in the zone), as an ISO instant. */
export function fromPickerDate(picked: Date, zone: string, withTime: boolean): string {
  const day = pickedDay(picked);
  return new Date(withTime ? instantAt(day, picked.getHours() * 60 + picked.getMinutes(), zone) : startOfDay(day, zone)).toISOString();
}

/** The start of the organization's today, as an ISO instant (a day field's default). */
export const orgTodayStart = (now: Date, zone: string): string => new Date(startOfDay(dayOf(now, zone), zone)).toISOString();

/** The last minute of the organization's today as a picker value (the latest day a completion may be). */
export function orgTodayEndPicker(now: Date, zone: string): Date {
  const [y, m, d] = dayOf(now, zone).split('-').map(Number);
  return new Date(y!, m! - 1, d!, 23, 59, 59, 999);
}
