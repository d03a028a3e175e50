import { describe, expect, it } from 'vitest';
import { afterEach } from 'vitest';
import { af1800LinkLabel, formatDate, formatDateTime, inspectionPath, vehiclePath, setDisplayZone } from './fleet-format.ts';

afterEach(() => setDisplayZone(null));

describe('fleet formats', () => {
  it('shows dates MM/dd/yyyy and blanks for none', () => {
    expect(formatDate('2026-03-05T12:00:00.000Z')).toBe('03/05/2026');
    expect(formatDate(null)).toBe('');
  });

  it("shows the organization's day and time once its zone is known", () => {
    setDisplayZone('Asia/Tokyo');
    // 15:30 UTC on 30 November is 00:30 on 1 December in Tokyo.
    expect(formatDate('2026-11-30T15:30:00.000Z')).toBe('12/01/2026');
    expect(formatDateTime('2026-11-30T15:30:00.000Z')).toBe('12/01/2026 00:30');
    setDisplayZone('America/Anchorage');
    expect(formatDateTime('2026-12-01T05:00:00.000Z')).toBe('11/30/2026 20:00');
    expect(formatDate('not a date')).toBe('');
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
