import { describe, expect, it } from 'vitest';
import { cursorStands, type ClockState } from './cursor-check.ts';
import type { Cursor } from './cursor.ts';

const clock: ClockState = { rev: 100, horizonRev: 10, epoch: 'now', epochRev: 80 };
const at = (epoch: string | null, rev: number, mid = false, horizon: number | null = null): Cursor => ({
  epoch,
  horizon,
  rev,
  table: mid ? 'users' : null,
  id: mid ? 'a' : null,
});

describe('cursorStands', () => {
  it('lets a first pull through whatever the clock', () => {
    expect(cursorStands(at(null, 0), clock)).toBe(true);
    expect(cursorStands(at(null, 0), undefined)).toBe(true);
  });

  it('trusts a cursor of the current epoch up to the clock', () => {
    expect(cursorStands(at('now', 100), clock)).toBe(true);
    expect(cursorStands(at('now', 100, true), clock)).toBe(true);
    expect(cursorStands(at('now', 101), clock)).toBe(false);
  });

  it('trusts a cursor of another epoch, or from before epochs, only up to where the epoch began', () => {
    for (const epoch of ['before', null]) {
      expect(cursorStands(at(epoch, 80), clock)).toBe(true);
      expect(cursorStands(at(epoch, 81), clock)).toBe(false);
    }
  });

  it('resets below the tombstone horizon and inside the horizon revision', () => {
    expect(cursorStands(at('now', 9), clock)).toBe(false);
    expect(cursorStands(at('now', 10, true), clock)).toBe(false);
    expect(cursorStands(at('now', 10), clock)).toBe(true);
  });

  it('lets the pages of a bootstrap that began after the last purge through, below the horizon too', () => {
    expect(cursorStands(at('now', 5, true, 10), clock)).toBe(true);
    expect(cursorStands(at('now', 10, true, 10), clock)).toBe(true);
    // A purge since the cursor was given out may have taken deletes it has not seen.
    expect(cursorStands(at('now', 5, true, 9), clock)).toBe(false);
  });

  it('resets any delivered cursor when the organization has no clock', () => {
    expect(cursorStands(at('now', 1), undefined)).toBe(false);
  });
});
