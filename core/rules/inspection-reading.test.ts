import { describe, expect, it } from 'vitest';
import { checkReading, LIKELY_RISE } from './inspection-reading.ts';

describe('the readings an inspection starts with', () => {
  it('refuses a reading below the last reported one, saying which', () => {
    expect(checkReading('miles', 12_344, 12_345)).toEqual({ kind: 'refused', message: 'Miles cannot be below the last reported 12,345' });
    expect(checkReading('hours', 99, 100)).toEqual({ kind: 'refused', message: 'Hours cannot be below the last reported 100' });
  });

  it('takes the same or a likely higher reading, and any first one', () => {
    expect(checkReading('miles', 12_345, 12_345)).toEqual({ kind: 'ok' });
    expect(checkReading('miles', 12_345 + LIKELY_RISE.miles, 12_345)).toEqual({ kind: 'ok' });
    expect(checkReading('miles', 5, null)).toEqual({ kind: 'ok' });
  });

  it('asks before an unlikely jump', () => {
    expect(checkReading('miles', 22_345, 12_345)).toEqual({ kind: 'confirm', message: '10,000 miles more than the last reported 12,345. Is 22,345 right?' });
    expect(checkReading('hours', 200, 100).kind).toBe('confirm');
  });

  it('refuses no reading, a fraction and zero', () => {
    expect(checkReading('miles', null, 3)).toEqual({ kind: 'refused', message: 'Miles are required' });
    expect(checkReading('hours', 1.5, null).kind).toBe('refused');
    expect(checkReading('hours', 0, null).kind).toBe('refused');
  });
});
