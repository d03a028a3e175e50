import { describe, expect, it } from 'vitest';
import type { ShiftDay } from '../schema/organization.ts';
import { inShiftOf, shiftOfMoment } from './inspection-shift.ts';

const DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;
const times: ShiftDay[] = DAYS.map((day) => ({
  day,
  shifts: [
    { shift: 1, start: '0600z', end: '1400z' },
    { shift: 2, start: '1400z', end: '2200z' },
    { shift: 3, start: '2200z', end: '0600z' },
  ],
}));
const at = (iso: string) => Date.parse(iso);

describe('the shift of an inspection', () => {
  it('is preselected from the organization’s shift times, else shift 1', () => {
    expect(shiftOfMoment(at('2026-12-03T07:00:00Z'), times, 'UTC')).toBe(1);
    expect(shiftOfMoment(at('2026-12-03T15:00:00Z'), times, 'UTC')).toBe(2);
    expect(shiftOfMoment(at('2026-12-03T02:00:00Z'), times, 'UTC')).toBe(3);
    expect(shiftOfMoment(at('2026-12-03T15:00:00Z'), [], 'UTC')).toBe(1);
  });

  it('counts an inspection as this shift’s only in the same shift, not the same shift a day before', () => {
    const now = at('2026-12-03T10:00:00Z');
    expect(inShiftOf('2026-12-03T06:30:00Z', now, times, 'UTC')).toBe(true);
    expect(inShiftOf('2026-12-03T05:30:00Z', now, times, 'UTC')).toBe(false);
    expect(inShiftOf('2026-12-02T10:00:00Z', now, times, 'UTC')).toBe(false);
    expect(inShiftOf('2026-12-03T11:00:00Z', now, times, 'UTC')).toBe(false);
  });
});
