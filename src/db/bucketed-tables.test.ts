import { describe, expect, it } from 'vitest';
import { inBucketOrder } from './bucketed-tables.ts';

const inspection = (id: string, vehicleId: string, inspectionDate: string) => ({ table: 'inspections', id, row: { id, vehicleId, inspectionDate } });
const note = (id: string, vehicleId: string) => ({ table: 'notes', id, row: { id, vehicleId, creationDate: '2026-11-02' } });
const vehicle = (id: string) => ({ table: 'vehicles', id, row: { id } });
const deleted = (table: string, id: string) => ({ table, id, row: null });

describe('inBucketOrder', () => {
  it('groups a bucketed table’s rows by vehicle and month, after the other changes, keeping the order given within each', () => {
    const page = [
      inspection('i1', 'v2', '2026-11-03T08:00:00Z'),
      vehicle('v9'),
      inspection('i2', 'v1', '2026-11-03T09:00:00Z'),
      note('n1', 'v2'),
      inspection('i3', 'v2', '2026-10-31T08:00:00Z'),
      deleted('inspections', 'i0'),
      inspection('i4', 'v2', '2026-11-04T08:00:00Z'),
      inspection('i5', 'v1', '2026-11-04T09:00:00Z'),
      note('n2', 'v2'),
    ];
    expect(inBucketOrder(page).map((c) => c.id)).toEqual(['v9', 'i0', 'i2', 'i5', 'i3', 'i1', 'i4', 'n1', 'n2']);
  });
});
