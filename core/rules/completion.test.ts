import { describe, expect, it } from 'vitest';
import { COMPLETION_AFTER_TODAY, completionAfter, completionDateError, PASSED_NEEDS_COMPLETED, passedError, visitAfter } from './completion.ts';

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

  it("refuses a completion date after the organization's today, but not later today", () => {
    const at = new Date('2026-11-23T10:00:00Z');
    expect(completionDateError('2026-11-23T23:30:00Z', at, 'UTC')).toBeNull();
    expect(completionDateError('2026-11-24T00:30:00Z', at, 'UTC')).toBe(COMPLETION_AFTER_TODAY);
    // 10:00 UTC is 19:00 in Tokyo: 15:30 UTC is already the 24th there; in Anchorage 01:00 on the 23rd, and 09:30 UTC on the 24th is still the 23rd.
    expect(completionDateError('2026-11-23T15:30:00Z', at, 'Asia/Tokyo')).toBe(COMPLETION_AFTER_TODAY);
    expect(completionDateError('2026-11-23T14:30:00Z', at, 'Asia/Tokyo')).toBeNull();
    expect(completionDateError('2026-11-24T08:30:00Z', at, 'America/Anchorage')).toBeNull();
    expect(completionDateError('2026-11-24T09:30:00Z', at, 'America/Anchorage')).toBe(COMPLETION_AFTER_TODAY);
    expect(completionDateError(null, at, 'UTC')).toBeNull();
  });
});

describe('passed only while completed (part 1 §4, LTI and PMI)', () => {
  const visit = { ...open, passed: null };
  const passed = { ...done, passed: true };

  it('keeps or sets the result of a completed visit', () => {
    expect(visitAfter(passed, { notes: 'x' } as never, now)).toEqual(passed);
    expect(visitAfter(visit, { completed: true, passed: true }, now)).toEqual({ completed: true, completionDate: now.toISOString(), passed: true });
    expect(visitAfter(passed, { passed: false }, now).passed).toBe(false);
  });

  it('unticking Completed, or clearing its date, clears Passed', () => {
    expect(visitAfter(passed, { completed: false }, now)).toEqual(visit);
    expect(visitAfter(passed, { completionDate: null }, now)).toEqual(visit);
  });

  it('refuses a result on a visit the change leaves uncompleted', () => {
    expect(passedError(visit, { passed: true }, now)).toBe(PASSED_NEEDS_COMPLETED);
    expect(passedError(passed, { completed: false, passed: false }, now)).toBe(PASSED_NEEDS_COMPLETED);
    expect(passedError(visit, { completed: true, passed: true }, now)).toBeNull();
    expect(passedError(visit, { passed: null }, now)).toBeNull();
  });
});
