import { describe, expect, it } from 'vitest';
import { inspectionDay, nextDueDay, ruleIsDue } from './rule-due.ts';

describe('ruleIsDue', () => {
  it('asks a rule of every inspection always, and any rule never answered', () => {
    expect(ruleIsDue('daily', '2026-12-02', '2026-12-02')).toBe(true);
    expect(ruleIsDue('annual', null, '2026-12-02')).toBe(true);
  });

  it('asks a weekly rule again on the same weekday a week on, whatever the hour', () => {
    expect(ruleIsDue('weekly', '2026-11-30', '2026-12-06')).toBe(false);
    expect(ruleIsDue('weekly', '2026-11-30', '2026-12-07')).toBe(true);
    expect(ruleIsDue('weekly', '2026-11-30', '2026-11-30')).toBe(false);
  });

  it('counts months by the calendar, a month on from the 31st being the last day of a shorter month', () => {
    expect(nextDueDay('monthly', '2026-01-31')).toBe('2026-02-28');
    expect(nextDueDay('monthly', '2028-01-31')).toBe('2028-02-29');
    expect(nextDueDay('quarterly', '2026-11-30')).toBe('2027-02-28');
    expect(nextDueDay('semiannual', '2026-08-31')).toBe('2027-02-28');
    expect(nextDueDay('annual', '2028-02-29')).toBe('2029-02-28');
    expect(ruleIsDue('monthly', '2026-11-15', '2026-12-14')).toBe(false);
    expect(ruleIsDue('monthly', '2026-11-15', '2026-12-15')).toBe(true);
  });

  it('takes the day of a moment as inspections count it', () => {
    expect(inspectionDay('2026-12-01T23:59:59.000Z')).toBe('2026-12-01');
    expect(inspectionDay(new Date('2026-12-02T00:00:00.000Z'))).toBe('2026-12-02');
  });
});
