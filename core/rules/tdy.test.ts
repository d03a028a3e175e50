import { describe, expect, it } from 'vitest';
import { addDays, localToday, TDY_END_AFTER_TODAY, TDY_END_BEFORE_START, tdyAfter, tdyDatesError } from './tdy.ts';

const today = '2026-11-24';
const open = { startDate: '2026-11-20', endDate: '2026-12-10', completed: false };

describe('TDY completion (part 1 §4)', () => {
  it('ticking Completed ends the TDY today, or on the day the change gives', () => {
    expect(tdyAfter(open, { completed: true }, today)).toEqual({ ...open, completed: true, endDate: today });
    expect(tdyAfter(open, { completed: true, endDate: '2026-11-23' }, today)).toEqual({ ...open, completed: true, endDate: '2026-11-23' });
  });

  it('unticking Completed clears the end date', () => {
    expect(tdyAfter({ ...open, completed: true, endDate: today }, { completed: false }, today)).toEqual({ ...open, endDate: null });
  });

  it('an end date set by hand is a planned end: it does not complete', () => {
    expect(tdyAfter(open, { endDate: '2026-12-20' }, today)).toEqual({ ...open, endDate: '2026-12-20' });
  });
});

describe('TDY dates (part 1 §5)', () => {
  it('refuses an end before the start', () => {
    expect(tdyDatesError({ ...open, endDate: '2026-11-19' }, today)).toEqual({ field: 'endDate', message: TDY_END_BEFORE_START });
    expect(tdyDatesError({ ...open, endDate: '2026-11-20' }, today)).toBeNull();
    expect(tdyDatesError({ ...open, endDate: null }, today)).toBeNull();
  });

  it('refuses a completed TDY that ends after today, with slack for a server', () => {
    expect(tdyDatesError({ ...open, completed: true }, today)).toEqual({ field: 'endDate', message: TDY_END_AFTER_TODAY });
    expect(tdyDatesError({ ...open, completed: true, endDate: '2026-11-25' }, today, 1)).toBeNull();
    expect(tdyDatesError(open, today)).toBeNull();
  });

  it('counts calendar days across months and years', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(localToday(new Date(2026, 0, 5, 23, 59))).toBe('2026-01-05');
  });
});
