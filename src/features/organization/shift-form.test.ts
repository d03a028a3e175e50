import { describe, expect, it } from 'vitest';
import { standardOffsetMinutes } from '../../../core/rules/org-clock.ts';
import { shiftDays, shiftForm, shiftFormErrors } from './shift-form.ts';

describe('shift-time form', () => {
  it('shows stored UTC times in local time and saves local times as UTC, round trip', () => {
    const form = shiftForm([{ day: 'Monday', shifts: [{ shift: 1, start: '1100z', end: '1900z' }] }], -300);
    expect(form.Monday[1]).toEqual({ start: '06:00', end: '14:00' });
    expect(form.Tuesday[2]).toEqual({ start: '', end: '' });
    const errors = shiftFormErrors(form);
    expect(errors['Tuesday.2.start']).toBe('Start time is required');
    expect(errors['Tuesday.2.end']).toBe('End time is required');
    expect(errors['Monday.1.start']).toBeUndefined();

    for (const day of Object.values(form)) for (const shift of Object.values(day)) Object.assign(shift, { start: '22:30', end: '06:30' });
    expect(shiftFormErrors(form)).toEqual({});
    const days = shiftDays(form, 330);
    expect(days).toHaveLength(7);
    expect(days[0]!.shifts[0]).toEqual({ shift: 1, start: '1700z', end: '0100z' });
    expect(shiftForm(days, 330).Sunday[1]).toEqual({ start: '22:30', end: '06:30' });
  });

  it("keeps the organization's wall-clock times in summer and in winter", () => {
    // Europe/Berlin's standard offset is +60: 06:00 is stored 0500z whatever the season.
    const offset = standardOffsetMinutes('Europe/Berlin', Date.parse('2026-07-01T00:00:00Z'));
    expect(offset).toBe(60);
    expect(standardOffsetMinutes('Europe/Berlin', Date.parse('2026-01-01T00:00:00Z'))).toBe(60);
    expect(standardOffsetMinutes('Australia/Sydney', Date.parse('2026-01-01T00:00:00Z'))).toBe(600);
    expect(standardOffsetMinutes('UTC')).toBe(0);
    const form = shiftForm([{ day: 'Monday', shifts: [{ shift: 1, start: '0500z', end: '1300z' }] }], offset);
    expect(form.Monday[1]).toEqual({ start: '06:00', end: '14:00' });
  });
});
