import { localToUtcShiftTime, utcShiftTimeToLocal } from '../../../core/rules/shift-time.ts';
import { SHIFT_DAYS, type ShiftDay } from '../../../core/schema/organization.ts';

/**
 * The shift-time form (part 2 §3, §5 "Shift time"): 7 days x 3 shifts, start and end in the
 * organization's time ('HH:mm'), stored as 'HHmmz' at the zone's standard offset (core/rules/shift-time.ts),
 * the same for showing and for saving, whatever the device's zone.
 */

export const SHIFT_NUMBERS = [1, 2, 3] as const;

export type ShiftForm = Record<(typeof SHIFT_DAYS)[number], Record<1 | 2 | 3, { start: string; end: string }>>;

/** The stored shifts as local times; a day or shift not stored yet is empty. */
export function shiftForm(stored: readonly ShiftDay[], offsetMinutes: number): ShiftForm {
  const form = {} as ShiftForm;
  for (const day of SHIFT_DAYS) {
    const storedDay = stored.find((d) => d.day === day);
    form[day] = {} as ShiftForm[typeof day];
    for (const n of SHIFT_NUMBERS) {
      const shift = storedDay?.shifts.find((s) => s.shift === n);
      form[day][n] = {
        start: shift ? (utcShiftTimeToLocal(shift.start, offsetMinutes) ?? '') : '',
        end: shift ? (utcShiftTimeToLocal(shift.end, offsetMinutes) ?? '') : '',
      };
    }
  }
  return form;
}

/** 'Start time is required' / 'End time is required' per field, or null. */
export function shiftFormErrors(form: ShiftForm): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const day of SHIFT_DAYS)
    for (const n of SHIFT_NUMBERS) {
      const { start, end } = form[day][n];
      if (localToUtcShiftTime(start, 0) === null) errors[`${day}.${n}.start`] = start.trim() === '' ? 'Start time is required' : 'Enter a time as HH:mm';
      if (localToUtcShiftTime(end, 0) === null) errors[`${day}.${n}.end`] = end.trim() === '' ? 'End time is required' : 'Enter a time as HH:mm';
    }
  return errors;
}

/** The form as the PUT body's days, in UTC. Call only for a form without errors. */
export function shiftDays(form: ShiftForm, offsetMinutes: number): ShiftDay[] {
  return SHIFT_DAYS.map((day) => ({
    day,
    shifts: SHIFT_NUMBERS.map((n) => ({
      shift: n,
      start: localToUtcShiftTime(form[day][n].start, offsetMinutes)!,
      end: localToUtcShiftTime(form[day][n].end, offsetMinutes)!,
    })),
  }));
}
