import type { ShiftDay } from '../schema/organization.ts';
import { FALLBACK_SHIFT, shiftAt } from './af1800-form-shift.ts';

/*
 * The shift an inspection is performed in, for the inspection app (issue 49): preselected from the
 * organization's shift times (changeable by the inspector), and what "already inspected this shift"
 * means on the vehicle list, on the wall clock of the organization's zone.
 */

/** The shift of the moment `ms`: the one its time falls in, else shift 1 (as the AF1800 reads it). */
export const shiftOfMoment = (ms: number, shiftTimes: readonly ShiftDay[], zone: string) => shiftAt(ms, shiftTimes, zone) ?? FALLBACK_SHIFT;

/** No shift runs longer than this: an inspection of the same shift number longer ago was an earlier shift's. */
export const LONGEST_SHIFT_MS = 12 * 60 * 60 * 1000;

/** Whether an inspection performed at `at` was in the shift under way at `now`. */
export function inShiftOf(at: string, now: number, shiftTimes: readonly ShiftDay[], zone: string): boolean {
  const ms = Date.parse(at);
  if (!Number.isFinite(ms) || now - ms >= LONGEST_SHIFT_MS || ms > now) return false;
  return shiftOfMoment(ms, shiftTimes, zone) === shiftOfMoment(now, shiftTimes, zone);
}
