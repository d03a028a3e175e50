import { describe, expect, it } from 'vitest';
import type { ShiftDay } from '../schema/organization.ts';
import { SHIFT_TIMES } from '../testing/af1800-form-fixtures.ts';
import { FALLBACK_SHIFT, inspectionShift, shiftAt } from './af1800-form-shift.ts';

const at = (iso: string) => Date.parse(iso);

describe('the shift of an inspection', () => {
  it('is the shift the inspection recorded, whatever its time', () => {
    expect(inspectionShift({ shift: 3 }, at('2026-03-04T09:00:00Z'), SHIFT_TIMES)).toBe(3);
  });

  it('is otherwise the shift whose UTC window holds its time (start included, end excluded)', () => {
    expect(shiftAt(at('2026-03-04T06:00:00Z'), SHIFT_TIMES)).toBe(1);
    expect(shiftAt(at('2026-03-04T13:59:00Z'), SHIFT_TIMES)).toBe(1);
    expect(shiftAt(at('2026-03-04T14:00:00Z'), SHIFT_TIMES)).toBe(2);
    expect(shiftAt(at('2026-03-04T22:30:00Z'), SHIFT_TIMES)).toBe(3);
    expect(inspectionShift({ shift: null }, at('2026-03-04T15:00:00Z'), SHIFT_TIMES)).toBe(2);
  });

  it('finds the early hours of a shift past midnight in the entry of the day it started on', () => {
    // Only Wednesday (2026-03-04) has a night shift: Thursday 02:00 belongs to it, Wednesday 02:00 does not.
    const times: ShiftDay[] = [
      { day: 'Wednesday', shifts: [{ shift: 3, start: '2200z', end: '0600z' }] },
      { day: 'Thursday', shifts: [{ shift: 1, start: '0600z', end: '1400z' }] },
    ];
    expect(shiftAt(at('2026-03-05T02:00:00Z'), times)).toBe(3);
    expect(shiftAt(at('2026-03-04T02:00:00Z'), times)).toBeNull();
  });

  it('reads the offset of a timestamp: the UTC time decides', () => {
    expect(shiftAt(Date.parse('2026-03-04T08:00:00-08:00'), SHIFT_TIMES)).toBe(2);
  });

  it('treats an equal start and end as a 24-hour shift', () => {
    const times: ShiftDay[] = [{ day: 'Wednesday', shifts: [{ shift: 2, start: '0800z', end: '0800z' }] }];
    expect(shiftAt(at('2026-03-04T23:00:00Z'), times)).toBe(2);
    expect(shiftAt(at('2026-03-05T07:59:00Z'), times)).toBe(2);
  });

  it('falls back to shift 1 without shift times or in a gap between shifts', () => {
    expect(FALLBACK_SHIFT).toBe(1);
    expect(inspectionShift({ shift: null }, at('2026-03-04T23:00:00Z'), [])).toBe(1);
    const gap: ShiftDay[] = [{ day: 'Wednesday', shifts: [{ shift: 2, start: '1400z', end: '2200z' }] }];
    expect(inspectionShift({ shift: null }, at('2026-03-04T23:00:00Z'), gap)).toBe(1);
  });
});
