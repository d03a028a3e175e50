import { describe, expect, it } from 'vitest';
import { RESULT_LABELS, RESULT_STATUSES, resultLabel, resultStatus } from './result-label.ts';

describe('resultLabel (part 2 §9)', () => {
  it('is Valid above 0', () => {
    for (const v of [1, 0.001, Number.MIN_VALUE, 42, Number.MAX_VALUE]) expect(resultLabel(v)).toBe('Valid');
  });

  it('is Warning at exactly 0, -0 included', () => {
    expect(resultLabel(0)).toBe('Warning');
    expect(resultLabel(-0)).toBe('Warning');
  });

  it('is Invalid below 0', () => {
    for (const v of [-1, -0.001, -Number.MIN_VALUE, -Number.MAX_VALUE]) expect(resultLabel(v)).toBe('Invalid');
  });

  it('gives no label to what is not a finite number', () => {
    for (const v of [Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY]) {
      expect(resultLabel(v)).toBeNull();
      expect(resultStatus(v)).toBeNull();
    }
  });

  it('has the statuses of the status filter (valid, invalid, warning) and their labels', () => {
    expect([...RESULT_STATUSES].sort()).toEqual(['invalid', 'valid', 'warning']);
    expect(RESULT_LABELS).toEqual({ valid: 'Valid', warning: 'Warning', invalid: 'Invalid' });
    expect([resultStatus(5), resultStatus(0), resultStatus(-5)]).toEqual(['valid', 'warning', 'invalid']);
  });
});
