import { describe, expect, it } from 'vitest';
import { nameKey, nameTaken, repeatedNames } from './name-key.ts';

describe('section and vehicle type names (part 2 §5)', () => {
  it('compares trimmed and case-insensitively', () => {
    expect(nameKey('  Alpha Flight ')).toBe('alpha flight');
    expect(nameTaken(' ALPHA ', ['Bravo', 'alpha'])).toBe(true);
    expect(nameTaken('Charlie', ['Bravo', 'alpha'])).toBe(false);
  });

  it('lets a name be renamed to another spelling of itself', () => {
    expect(nameTaken('ALPHA', ['alpha', 'Bravo'], 'alpha')).toBe(false);
    expect(nameTaken('bravo', ['alpha', 'Bravo'], 'alpha')).toBe(true);
  });

  it('finds the repeated entries of one list', () => {
    expect(repeatedNames(['Bus', 'Truck', ' bus', 'BUS'])).toEqual([2, 3]);
    expect(repeatedNames(['Bus', 'Truck'])).toEqual([]);
  });
});
