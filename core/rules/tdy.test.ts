import { describe, expect, it } from 'vitest';
import { TDY_END_AFTER_TODAY, TDY_END_BEFORE_START, TDY_END_REQUIRED, tdyAfter, tdyDatesError } from './tdy.ts';

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

  it('completing a TDY that starts after today cancels it: completed, without an end date, and valid', () => {
    const planned = { startDate: '2026-12-01', endDate: '2026-12-15', completed: false };
    const cancelled = tdyAfter(planned, { completed: true }, today);
    expect(cancelled).toEqual({ ...planned, completed: true, endDate: null });
    expect(tdyDatesError(cancelled, today)).toBeNull();
    // Sent by the device with its end date cleared: the same.
    expect(tdyAfter(planned, { completed: true, endDate: null }, today)).toEqual(cancelled);
    // On its start day it has started: completing it ends it today.
    expect(tdyAfter(planned, { completed: true }, '2026-12-01')).toEqual({ ...planned, completed: true, endDate: '2026-12-01' });
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

  it('refuses a completed TDY that ends after today', () => {
    expect(tdyDatesError({ ...open, completed: true }, today)).toEqual({ field: 'endDate', message: TDY_END_AFTER_TODAY });
    expect(tdyDatesError({ ...open, completed: true, endDate: today }, today)).toBeNull();
    expect(tdyDatesError(open, today)).toBeNull();
  });

  it('refuses a started TDY completed without an end date', () => {
    expect(tdyDatesError({ ...open, completed: true, endDate: null }, today)).toEqual({ field: 'endDate', message: TDY_END_REQUIRED });
  });
});
