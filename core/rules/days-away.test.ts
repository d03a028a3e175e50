import { describe, expect, it } from 'vitest';
import { daysAway } from './days-away.ts';

const TOKYO = 'Asia/Tokyo';
const ANCHORAGE = 'America/Anchorage';

describe('days away (part 1 §2)', () => {
  it("counts the organization's calendar days from today, whatever the hour", () => {
    const now = new Date('2026-11-24T14:30:00Z'); // 23:30 on the 24th in Tokyo
    expect(daysAway('2026-11-23T15:00:00Z', null, now, TOKYO)).toBe(0); // Tokyo midnight of the 24th
    expect(daysAway('2026-11-24T15:00:00Z', null, now, TOKYO)).toBe(1);
    expect(daysAway('2026-12-24T06:00:00Z', null, now, TOKYO)).toBe(30);
  });

  it('gives one answer on every device: the day is the zone’s, not the runtime’s', () => {
    const now = new Date('2026-12-01T08:30:00Z'); // 23:30 on 30 November in Anchorage, 17:30 on 1 December in Tokyo
    const due = '2026-12-01T10:00:00Z';
    expect(daysAway(due, null, now, ANCHORAGE)).toBe(1);
    expect(daysAway(due, null, now, TOKYO)).toBe(0);
    expect(daysAway(due, null, now, 'UTC')).toBe(0);
  });

  it('is negative once overdue', () => {
    expect(daysAway('2026-11-20T12:00:00Z', null, new Date('2026-11-24T12:00:00Z'), 'UTC')).toBe(-4);
  });

  it('is not computed once there is a completion date', () => {
    expect(daysAway('2026-11-30T12:00:00Z', '2026-11-24T12:00:00Z', new Date('2026-11-24T12:00:00Z'), 'UTC')).toBeNull();
  });

  it('counts a day across a daylight-saving change as one day, in both hemispheres', () => {
    // Europe/Berlin springs forward on 29 March 2026; Australia/Sydney falls back on 5 April 2026.
    expect(daysAway('2026-03-29T22:00:00Z', null, new Date('2026-03-20T11:00:00Z'), 'Europe/Berlin')).toBe(10);
    expect(daysAway('2026-04-05T14:00:00Z', null, new Date('2026-03-31T01:00:00Z'), 'Australia/Sydney')).toBe(6);
  });
});
