import { describe, expect, it } from 'vitest';
import { COMPLETION_AFTER_TODAY, completionAfter, completionDateError } from './completion.ts';

const now = new Date('2026-11-23T10:00:00');
const open = { completed: false, completionDate: null };
const done = { completed: true, completionDate: '2026-11-20T08:00:00.000Z' };

describe('completed flags (part 1 §4)', () => {
  it('a completion date set by hand completes the record', () => {
    expect(completionAfter(open, { completionDate: '2026-11-21T08:00:00.000Z' }, now)).toEqual({ completed: true, completionDate: '2026-11-21T08:00:00.000Z' });
  });

  it('unticking Completed clears the date, and clearing the date un-completes', () => {
    expect(completionAfter(done, { completed: false }, now)).toEqual(open);
    expect(completionAfter(done, { completionDate: null }, now)).toEqual(open);
  });

  it('ticking Completed without a date keeps the stored one, else takes now', () => {
    expect(completionAfter(done, { completed: true }, now)).toEqual(done);
    expect(completionAfter(open, { completed: true }, now)).toEqual({ completed: true, completionDate: now.toISOString() });
  });

  it('leaves the completion alone when the change is about something else', () => {
    expect(completionAfter(done, {}, now)).toBe(done);
  });

  it('refuses a completion date after today, but not later today', () => {
    expect(completionDateError(new Date('2026-11-23T23:30:00').toISOString(), now)).toBeNull();
    expect(completionDateError(new Date('2026-11-24T00:30:00').toISOString(), now)).toBe(COMPLETION_AFTER_TODAY);
    expect(completionDateError(new Date('2026-11-24T00:30:00').toISOString(), now, 14 * 3_600_000)).toBeNull();
    expect(completionDateError(null, now)).toBeNull();
  });
});
