import { describe, expect, it } from 'vitest';
import { shiftTimeSchema } from '../schema/organization.ts';
import { localToUtcShiftTime, utcShiftTimeToLocal } from './shift-time.ts';

describe('shift times: local entry, UTC storage (part 2 §3, §5)', () => {
  it('converts local times to HHmmz with the zone offset, wrapping around midnight', () => {
    expect(localToUtcShiftTime('06:00', 0)).toBe('0600z');
    expect(localToUtcShiftTime('06:00', -300)).toBe('1100z'); // UTC-5
    expect(localToUtcShiftTime('22:30', -300)).toBe('0330z');
    expect(localToUtcShiftTime('01:15', 120)).toBe('2315z'); // UTC+2
    expect(localToUtcShiftTime('0545', 330)).toBe('0015z'); // UTC+5:30
    for (const t of ['06:00', '22:30', '01:15']) expect(shiftTimeSchema.safeParse(localToUtcShiftTime(t, -420)).success).toBe(true);
  });

  it('converts back for display', () => {
    expect(utcShiftTimeToLocal('1100z', -300)).toBe('06:00');
    expect(utcShiftTimeToLocal('0330z', -300)).toBe('22:30');
    expect(utcShiftTimeToLocal('2315z', 120)).toBe('01:15');
    for (const offset of [-600, -300, 0, 60, 330, 840])
      for (const t of ['00:00', '06:00', '13:45', '23:59']) expect(utcShiftTimeToLocal(localToUtcShiftTime(t, offset)!, offset)).toBe(t);
  });

  it('refuses text that is not a time', () => {
    for (const bad of ['', '24:00', '6:00', '06:60', 'noon']) expect(localToUtcShiftTime(bad, 0)).toBeNull();
    for (const bad of ['0600', '2400z', '06:00z']) expect(utcShiftTimeToLocal(bad, 0)).toBeNull();
  });
});
