import { describe, expect, it } from 'vitest';
import { inspectionFormMonth } from './af1800-data.ts';

describe('inspectionFormMonth', () => {
  const now = new Date('2026-03-10T12:00:00.000Z');

  it("is the current form for this month's inspections", () => {
    expect(inspectionFormMonth('2026-03-01T00:00:00.000Z', now)).toBe('current');
  });

  it("is the inspection's UTC month for earlier ones", () => {
    expect(inspectionFormMonth('2026-02-28T23:59:59.000Z', now)).toEqual({ year: 2026, month: 2 });
    expect(inspectionFormMonth('2025-12-31T22:00:00.000-05:00', now)).toEqual({ year: 2026, month: 1 });
  });
});
