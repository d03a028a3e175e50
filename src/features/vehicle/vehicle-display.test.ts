import { describe, expect, it } from 'vitest';
import { formatReading, yearMakeModel, yesNo } from './vehicle-display.ts';

describe('vehicle header text', () => {
  it('joins year, make and model that are known', () => {
    expect(yearMakeModel({ year: 2019, make: 'Ford', model: 'F-150' })).toBe('2019 Ford F-150');
    expect(yearMakeModel({ year: null, make: 'Ford', model: null })).toBe('Ford');
    expect(yearMakeModel({ year: null, make: null, model: null })).toBe('N/A');
  });

  it('shows readings with thousands separators', () => {
    expect(formatReading(1234567)).toBe('1,234,567');
    expect(formatReading(null)).toBe('N/A');
    expect(yesNo(true)).toBe('Yes');
  });
});
