import { SHIFT_DAYS, type ShiftDay } from '../schema/organization.ts';
import { standardOffsetMinutes, wallTimeOf } from './org-clock.ts';

/**
 * The shift an inspection without a recorded shift belongs to, from the organization's shift times
 * (part 2 §3): wall-clock times of the organization's zone, stored at its standard offset
 * (core/rules/shift-time.ts). Without shift times, or in a gap between shifts, it is shift 1: most inspections
 * are the day shift's before-operation check, and an inspection must still show on the form.
 */
export const FALLBACK_SHIFT = 1;

const DAY_MINUTES = 24 * 60;
/** The wall-clock minute of the day of a stored 'HHmmz' time, `offset` minutes from UTC. */
const minutesOf = (hhmmz: string, offset: number) =>
  (((Number(hhmmz.slice(0, 2)) * 60 + Number(hhmmz.slice(2, 4)) + offset) % DAY_MINUTES) + DAY_MINUTES) % DAY_MINUTES;

interface Window {
  shift: number;
  start: number;
  end: number;
}

function windowsOf(shiftTimes: readonly ShiftDay[], weekday: number, offset: number): Window[] {
  const day = shiftTimes.find((d) => d.day === SHIFT_DAYS[weekday]);
  return (day?.shifts ?? []).map((s) => ({ shift: s.shift, start: minutesOf(s.start, offset), end: minutesOf(s.end, offset) })).sort((a, b) => a.shift - b.shift);
}

/**
 * The shift whose window holds the moment `ms` on the wall clock of `zone`, or null. A shift whose end
 * is not after its start runs past midnight (22:00 to 06:00): its early hours are found in the previous
 * weekday's entry, since the shift belongs to the day it started on. An equal start and end is a
 * 24-hour shift. On the night clocks change, a shift keeps its wall-clock hours (an hour longer or shorter).
 */
export function shiftAt(ms: number, shiftTimes: readonly ShiftDay[], zone: string): number | null {
  const { weekday, minutes: minute } = wallTimeOf(ms, zone);
  const offset = standardOffsetMinutes(zone, ms);
  for (const w of windowsOf(shiftTimes, weekday, offset)) {
    const inside = w.start < w.end ? minute >= w.start && minute < w.end : minute >= w.start;
    if (inside) return w.shift;
  }
  for (const w of windowsOf(shiftTimes, (weekday + 6) % 7, offset)) {
    if (w.start >= w.end && minute < w.end) return w.shift;
  }
  return null;
}

/** The shift of an inspection: the one it recorded, else the one its time falls in, else FALLBACK_SHIFT. */
export function inspectionShift(inspection: { shift: number | null }, ms: number, shiftTimes: readonly ShiftDay[], zone: string): number {
  return inspection.shift ?? shiftAt(ms, shiftTimes, zone) ?? FALLBACK_SHIFT;
}
