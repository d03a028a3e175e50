import { describe, expect, it } from 'vitest';
import { af1800LinkLabel, formatDate, inspectionPath, vehiclePath } from './fleet-format.ts';

describe('fleet formats', () => {
  it('shows dates MM/dd/yyyy and blanks for none', () => {
    expect(formatDate('2026-03-05T12:00:00.000Z')).toBe('03/05/2026');
    expect(formatDate(null)).toBe('');
  });

  it('names the AF-1800 link after the modal it opens', () => {
    expect(af1800LinkLabel({ pdf: 'current', vehicleId: 'v1', regNumber: 'AB-1', completionDate: null }, 'UTC')).toBe('Current AF1800 for AB-1');
    expect(af1800LinkLabel({ pdf: 'monthly', vehicleId: 'v1', regNumber: 'AB-1', completionDate: '2026-02-14T08:00:00.000Z' }, 'UTC')).toBe(
      '02/2026 AF1800 for AB-1',
    );
    expect(af1800LinkLabel({ pdf: null, vehicleId: 'v1', regNumber: 'AB-1', completionDate: null }, 'UTC')).toBeNull();
  });

  it('links to the vehicle page with the registration encoded', () => {
    expect(vehiclePath('AB 12')).toBe('/Vehicle/AB%2012');
  });

  it("links to an inspection's detail under its vehicle", () => {
    expect(inspectionPath('AB 12', 'abc_123')).toBe('/Vehicle/AB%2012/inspection/abc_123');
  });
});
