import { describe, expect, it } from 'vitest';
import type { ShiftDay } from '../schema/organization.ts';
import { SHIFT_TIMES } from '../testing/af1800-form-fixtures.ts';
import { FALLBACK_SHIFT, inspectionShift, shiftAt } from './af1800-form-shift.ts';

const at = (iso: string) => Date.parse(iso);

describe('the shift of an inspection', () => {
  it('is the shift the inspection recorded, whatever its time', () => {
    expect(inspectionShift({ shift: 3 }, at('2026-03-04T09:00:00Z'), SHIFT_TIMES, 'UTC')).toBe(3);
  });

  it('is otherwise the shift whose UTC window holds its time (start included, end excluded)', () => {
    expect(shiftAt(at('2026-03-04T06:00:00Z'), SHIFT_TIMES, 'UTC')).toBe(1);
    expect(shiftAt(at('2026-03-04T13:59:00Z'), SHIFT_TIMES, 'UTC')).toBe(1);
    expect(shiftAt(at('2026-03-04T14:00:00Z'), SHIFT_TIMES, 'UTC')).toBe(2);
    expect(shiftAt(at('2026-03-04T22:30:00Z'), SHIFT_TIMES, 'UTC')).toBe(3);
    expect(inspectionShift({ shift: null }, at('2026-03-04T15:00:00Z'), SHIFT_TIMES, 'UTC')).toBe(2);
  });

  it('finds the early hours of a shift past midnight in the entry of the day it started on', () => {
    // Only Wednesday (2026-03-04) has a night shift: Thursday 02:00 belongs to it, Wednesday 02:00 does not.
    const times: ShiftDay[] = [
      { day: 'Wednesday', shifts: [{ shift: 3, start: '2200z', end: '0600z' }] },
      { day: 'Thursday', shifts: [{ shift: 1, start: '0600z', end: '1400z' }] },
    ];
    expect(shiftAt(at('2026-03-05T02:00:00Z'), times, 'UTC')).toBe(3);
    expect(shiftAt(at('2026-03-04T02:00:00Z'), times, 'UTC')).toBeNull();
  });

  it('reads the offset of a timestamp: the UTC time decides', () => {
    expect(shiftAt(Date.parse('2026-03-04T08:00:00-08:00'), SHIFT_TIMES, 'UTC')).toBe(2);
  });

  it('treats an equal start and end as a 24-hour shift', () => {
    const times: ShiftDay[] = [{ day: 'Wednesday', shifts: [{ shift: 2, start: '0800z', end: '0800z' }] }];
    expect(shiftAt(at('2026-03-04T23:00:00Z'), times, 'UTC')).toBe(2);
    expect(shiftAt(at('2026-03-05T07:59:00Z'), times, 'UTC')).toBe(2);
  });

  it("reads the organization's wall clock, the times stored at the zone's standard offset", () => {
    // Berlin (UTC+1, summer UTC+2): 06:00 to 14:00 is stored 0500z to 1300z, in winter and in summer.
    const berlin: ShiftDay[] = [
      {
        day: 'Saturday',
        shifts: [
          { shift: 1, start: '0500z', end: '1300z' },
          { shift: 3, start: '2100z', end: '0500z' },
        ],
      },
      { day: 'Sunday', shifts: [{ shift: 1, start: '0500z', end: '1300z' }] },
    ];
    expect(shiftAt(at('2026-01-03T05:00:00Z'), berlin, 'Europe/Berlin')).toBe(1); // 06:00 CET
    expect(shiftAt(at('2026-07-04T04:00:00Z'), berlin, 'Europe/Berlin')).toBe(1); // 06:00 CEST
    expect(shiftAt(at('2026-07-04T03:59:00Z'), berlin, 'Europe/Berlin')).toBeNull(); // 05:59 CEST
    // The night of 28 to 29 March, clocks go from 02:00 to 03:00: the night shift runs 22:00 to 06:00 on the wall.
    expect(shiftAt(at('2026-03-29T03:30:00Z'), berlin, 'Europe/Berlin')).toBe(3); // 05:30 CEST
    expect(shiftAt(at('2026-03-29T04:00:00Z'), berlin, 'Europe/Berlin')).toBe(1); // 06:00 CEST
    // Sydney (UTC+10, summer UTC+11 from October): the same wall times in its summer.
    const sydney: ShiftDay[] = [{ day: 'Monday', shifts: [{ shift: 2, start: '0400z', end: '1200z' }] }];
    expect(shiftAt(at('2026-01-05T03:00:00Z'), sydney, 'Australia/Sydney')).toBe(2); // 14:00 AEDT on Monday
    expect(shiftAt(at('2026-06-01T04:00:00Z'), sydney, 'Australia/Sydney')).toBe(2); // 14:00 AEST on Monday
  });

  it('takes the weekday of the organization, across the date line', () => {
    // 23:30 on Tuesday in Tokyo is 14:30Z on Tuesday; in Kiritimati (UTC+14) 14:30Z is 04:30 on Wednesday.
    const tuesdayNight: ShiftDay[] = [{ day: 'Tuesday', shifts: [{ shift: 3, start: '1300z', end: '2100z' }] }];
    expect(shiftAt(at('2026-03-03T14:30:00Z'), tuesdayNight, 'Asia/Tokyo')).toBe(3);
    expect(shiftAt(at('2026-03-03T14:30:00Z'), tuesdayNight, 'UTC')).toBe(3);
    expect(shiftAt(at('2026-03-03T14:30:00Z'), tuesdayNight, 'Pacific/Kiritimati')).toBeNull();
  });

  it('falls back to shift 1 without shift times or in a gap between shifts', () => {
    expect(FALLBACK_SHIFT).toBe(1);
    expect(inspectionShift({ shift: null }, at('2026-03-04T23:00:00Z'), [], 'UTC')).toBe(1);
    const gap: ShiftDay[] = [{ day: 'Wednesday', shifts: [{ shift: 2, start: '1400z', end: '2200z' }] }];
    expect(inspectionShift({ shift: null }, at('2026-03-04T23:00:00Z'), gap, 'UTC')).toBe(1);
  });
});
