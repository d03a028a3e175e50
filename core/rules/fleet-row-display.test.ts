import { describe, expect, it } from 'vitest';
import { daysToEticColor, fuelBar, pdfLink } from './fleet-row-display.ts';

describe('daysToEticColor', () => {
  it('is green at 7 days or more, orange from 0 to 6, red below 0 and nothing without an ETIC', () => {
    expect([-1, 0, 6, 7, 30].map(daysToEticColor)).toEqual(['red', 'orange', 'orange', 'green', 'green']);
    expect(daysToEticColor(null)).toBeNull();
  });
});

describe('fuelBar', () => {
  it('is red under 30 percent, orange from 30 to 70 and green over 70', () => {
    expect([0.29, 0.3, 0.7, 0.71].map((level) => fuelBar(level)?.color)).toEqual(['red', 'orange', 'orange', 'green']);
  });

  it('rounds the level to a whole percentage and labels 100 as Full', () => {
    expect(fuelBar(0.294)).toEqual({ percent: 29, color: 'red', label: '29%' });
    expect(fuelBar(0.705)).toEqual({ percent: 71, color: 'green', label: '71%' });
    expect(fuelBar(1)).toEqual({ percent: 100, color: 'green', label: 'Full' });
    expect(fuelBar(0)).toEqual({ percent: 0, color: 'red', label: '0%' });
  });

  it('shows nothing without a reading', () => {
    expect(fuelBar(null)).toBeNull();
  });
});

describe('pdfLink', () => {
  const row = { regNumber: '23L0451', completionDate: null, inspectionDate: null, visitsToMx: 0 };

  it('links the monthly form when the row has a completion date', () => {
    expect(pdfLink({ ...row, completionDate: '2026-03-01T10:00:00.000Z', inspectionDate: '2026-03-14T06:30:00.000Z', visitsToMx: 1 })).toBe('monthly');
  });

  it('links the current form without a completion date but with an inspection date or a visit to maintenance', () => {
    expect(pdfLink({ ...row, inspectionDate: '2026-03-14T06:30:00.000Z' })).toBe('current');
    expect(pdfLink({ ...row, visitsToMx: 1 })).toBe('current');
  });

  it('links nothing without a registration, or without any date or visit', () => {
    expect(pdfLink(row)).toBeNull();
    expect(pdfLink({ ...row, regNumber: ' ', completionDate: '2026-03-01T10:00:00.000Z' })).toBeNull();
  });
});
