import { describe, expect, it } from 'vitest';
import { daysFromToday, daysToDate, fleetClock } from './fleet-row-clock.ts';

describe("the fleet's clock: days in the organization's zone (issue 50)", () => {
  it('takes today from the zone, east and west of UTC', () => {
    const now = new Date('2026-11-30T20:00:00.000Z');
    expect(fleetClock(now).todayDate).toBe('2026-11-30');
    expect(fleetClock(now, 'Asia/Tokyo').todayDate).toBe('2026-12-01');
    expect(fleetClock(new Date('2026-12-01T05:00:00.000Z'), 'America/Anchorage').todayDate).toBe('2026-11-30');
  });

  it('counts days to an instant by the day it falls in there, and to a calendar date as it stands', () => {
    const tokyo = fleetClock(new Date('2026-11-30T20:00:00.000Z'), 'Asia/Tokyo'); // 05:00 on 1 December
    expect(daysFromToday(tokyo, '2026-11-30T14:59:00.000Z')).toBe(-1); // 23:59 on 30 November there
    expect(daysFromToday(tokyo, '2026-11-30T15:00:00.000Z')).toBe(0);
    expect(daysFromToday(tokyo, '2026-12-02T14:59:00.000Z')).toBe(1);
    expect(daysToDate(tokyo, '2026-12-01')).toBe(0);
    expect(daysToDate(tokyo, '2026-11-30')).toBe(-1);
    const utc = fleetClock(new Date('2026-11-30T20:00:00.000Z'));
    expect(daysFromToday(utc, '2026-11-30T15:00:00.000Z')).toBe(0);
    expect(daysToDate(utc, '2026-12-01')).toBe(1);
  });

  it('counts whole days across a DST change', () => {
    const ny = fleetClock(new Date('2026-03-07T17:00:00.000Z'), 'America/New_York'); // noon on the 7th
    expect(daysFromToday(ny, '2026-03-09T04:30:00.000Z')).toBe(2); // 00:30 EDT on the 9th
    expect(daysFromToday(ny, '2026-03-09T03:30:00.000Z')).toBe(1); // 23:30 EDT on the 8th
  });
});
