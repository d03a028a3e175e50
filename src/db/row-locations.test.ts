import { describe, expect, it } from 'vitest';
import { BUCKETED_TABLES } from './bucketed-tables.ts';
import { RowLocations } from './row-locations.ts';

const inspection = (id: string, vehicleId: string, inspectionDate?: string) => ({ id, vehicleId, ...(inspectionDate ? { inspectionDate } : {}) });

describe('RowLocations', () => {
  it('locates an inspection by vehicle and month, a wash by vehicle, and ignores tables kept otherwise', () => {
    const locations = new RowLocations(BUCKETED_TABLES);
    locations.note('inspections', [inspection('i1', 'v1', '2026-03-14T08:00:00.000Z')]);
    locations.note('washes', [{ id: 'w1', vehicleId: 'v1', washDate: '2026-03-14' }]);
    locations.note('vehicles', [{ id: 'v1', vehicleId: 'v1' }]);
    expect(locations.find('inspections', 'i1')).toEqual(['v1', '2026-03']);
    expect(locations.find('washes', 'w1')).toEqual(['v1', '']);
    expect(locations.find('vehicles', 'v1')).toBeUndefined();
  });

  it('never lets a row located by its vehicle alone forget the month already known', () => {
    const locations = new RowLocations(BUCKETED_TABLES);
    locations.note('inspections', [inspection('i1', 'v1')]);
    expect(locations.find('inspections', 'i1')).toEqual(['v1', null]);
    locations.note('inspections', [inspection('i1', 'v1', '2026-03-14T08:00:00.000Z')]);
    locations.note('inspections', [inspection('i1', 'v1')]);
    expect(locations.find('inspections', 'i1')).toEqual(['v1', '2026-03']);
  });

  it('keeps at least the most recently seen rows, a row seen again among them, as rows arrive one at a time and in pages', () => {
    const kept = 100;
    const locations = new RowLocations(BUCKETED_TABLES, kept);
    const date = '2026-03-14T08:00:00.000Z';
    for (let i = 0; i < 1_000; i++) {
      locations.note('inspections', [inspection(`i${i}`, 'v1', date)]);
      // i0 is seen again every fifty writes: it stays among the most recent.
      if (i % 50 === 0) locations.note('inspections', [inspection('i0', 'v1', date)]);
    }
    expect(locations.find('inspections', 'i0')).toEqual(['v1', '2026-03']);
    expect(locations.find('inspections', 'i1')).toBeUndefined();
    for (let i = 1_000 - kept; i < 1_000; i++) expect(locations.find('inspections', `i${i}`)).toEqual(['v1', '2026-03']);
    locations.note(
      'inspections',
      Array.from({ length: 3 * kept }, (_, n) => inspection(`p${n}`, 'v2', date)),
    );
    expect(locations.find('inspections', `p${3 * kept - 1}`)).toEqual(['v2', '2026-03']);
    expect(locations.find('inspections', `p${2 * kept}`)).toEqual(['v2', '2026-03']);
    expect(locations.find('inspections', 'p0')).toBeUndefined();
    expect(locations.find('inspections', 'i999')).toBeUndefined();

    for (let i = 0; i < 1_000; i++) locations.note('inspections', [inspection(`j${i}`, 'v3', date)]);
    for (let i = 1_000 - kept; i < 1_000; i++) expect(locations.find('inspections', `j${i}`)).toEqual(['v3', '2026-03']);
    expect(locations.find('inspections', 'j0')).toBeUndefined();
  });
});
