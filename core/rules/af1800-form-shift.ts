import { SHIFT_DAYS, type ShiftDay } from '../schema/organization.ts';

/**
 * The shift an inspection without a recorded shift belongs to, from the organization's shift times
 * (UTC, part 2 §3). Without shift times, or in a gap between shifts, it is shift 1: most inspections
 * are the day shift's before-operation check, and an inspection must still show on the form.
 */
export const FALLBACK_SHIFT = 1;

const minutesOf = (hhmmz: string) => Number(hhmmz.slice(0, 2)) * 60 + Number(hhmmz.slice(2, 4));

interface Window {
  shift: number;
  start: number;
  end: number;
}

function windowsOf(shiftTimes: readonly ShiftDay[], weekday: number): Window[] {
  const day = shiftTimes.find((d) => d.day === SHIFT_DAYS[weekday]);
  return (day?.shifts ?? []).map((s) => ({ shift: s.shift, start: minutesOf(s.start), end: minutesOf(s.end) })).sort((a, b) => a.shift - b.shift);
}

/**
 * The shift whose window holds the moment `ms`, or null. A shift whose end is not after its start runs
 * past midnight (2200z to 0600z): its early hours are found in the previous weekday's entry, since the
 * shift belongs to the day it started on. An equal start and end is a 24-hour shift.
 */
export function shiftAt(ms: number, shiftTimes: readonly ShiftDay[]): number | null {
  const date = new Date(ms);
  const weekday = date.getUTCDay();
  const minute = date.getUTCHours() * 60 + date.getUTCMinutes();
  for (const w of windowsOf(shiftTimes, weekday)) {
    const inside = w.start < w.end ? minute >= w.start && minute < w.end : minute >= w.start;
    if (inside) return w.shift;
  }
  for (const w of windowsOf(shiftTimes, (weekday + 6) % 7)) {
    if (w.start >= w.end && minute < w.end) return w.shift;
  }
  return null;
}

/** The shift of an inspection: the one it recorded, else the one its time falls in, else FALLBACK_SHIFT. */
export function inspectionShift(inspection: { shift: number | null }, ms: number, shiftTimes: readonly ShiftDay[]): number {
  return inspection.shift ?? shiftAt(ms, shiftTimes) ?? FALLBACK_SHIFT;
}
