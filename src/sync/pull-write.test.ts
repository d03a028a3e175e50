import 'fake-indexeddb/auto';
import Dexie from 'dexie';
import { afterEach, describe, expect, it } from 'vitest';
import { inspectionRow } from '../../core/testing/feed-rows.ts';
import { MirrorDb } from '../db/mirror.ts';
import { countBucketReads } from '../db/testing/bucket-reads.ts';
import { writeChanges } from './pull-write.ts';

const NAME = 'pull-write-locations';

afterEach(() => Dexie.delete(NAME));

/** Twelve vehicle-months of inspections: three vehicles, four months. */
const inspections = Array.from({ length: 48 }, (_, i) => {
  const id = `i${String(i).padStart(3, '0')}`;
  return { ...inspectionRow({ inspectionId: id, vehicleId: `v${i % 3}`, inspectionDate: `2026-0${6 + (i % 4)}-10T08:00:00.000Z` }), id };
});

describe("a pulled page's deletes", () => {
  it('remove an inspection from the month the feed says it lived in, on a device that never located it, and from every month when the feed does not say', async () => {
    const writer = new MirrorDb(NAME);
    await writer.transaction('rw', writer.tables, () => writer.feed('inspections').bulkPut(inspections as never));
    writer.close();
    // Another tab's mirror, or the same after a reload: it has located none of the inspections.
    const db = new MirrorDb(NAME);
    const reads = countBucketReads(db, 'inspectionMonths');
    const gone = inspections[7]!;
    const other = inspections[20]!;

    await db.transaction('rw', db.tables, () =>
      writeChanges(db, [{ table: 'inspections', id: gone.id, row: null, at: { vehicleId: gone.vehicleId, inspectionDate: gone.inspectionDate } }]),
    );
    const located = reads.count;
    reads.reset();
    await db.transaction('rw', db.tables, () => writeChanges(db, [{ table: 'inspections', id: other.id, row: null }]));
    const scanned = reads.count;

    const left = (await db.feed('inspections').toCollection().primaryKeys()).sort();
    expect(left).toEqual(inspections.map((r) => r.id).filter((id) => id !== gone.id && id !== other.id));
    // Its month read for the summaries' upkeep and again for the delete: 2 records, not the 12.
    expect(located).toBe(2);
    expect(scanned).toBeGreaterThanOrEqual(12);
    db.close();
  });
});
