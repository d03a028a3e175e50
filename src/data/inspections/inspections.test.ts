import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { inspectionResultRow, inspectionRow, vehicleRow } from '../../../core/testing/feed-rows.ts';
import { inspectionDetailSchema, type InspectionDetail, type InspectionPicture } from '../../../core/schema/inspection.ts';
import type { MirrorDb } from '../../db/mirror.ts';
import { OfflineError } from '../../sync/errors.ts';
import { resetMirror } from '../../sync/pull-write.ts';
import { freshDb } from '../../sync/testing/fixtures.ts';
import { fetchAndKeepInspection } from './keep.ts';
import { inspectionsOfVehicle, inspectionViewOf } from './queries.ts';

/** Writes as the pull does: in one transaction with the fleet summaries the inspections feed keeps. */
const write = (db: MirrorDb, fn: () => Promise<unknown>) => db.transaction('rw', db.tables, fn);

const picture = (overrides: Partial<InspectionPicture>): InspectionPicture => ({
  pictureId: 'p1',
  inspectionId: 'i1',
  resultId: 'r1',
  ruleId: 'rule-1',
  itemNo: null,
  sha256: 'a'.repeat(64),
  url: '/files/aaa',
  annotation: null,
  ...overrides,
});

function detailOf(inspectionId: string): InspectionDetail {
  const { results: _results, ...header } = inspectionRow({ inspectionId, inspectionDate: '2025-06-02T08:00:00.000Z', results: null });
  return inspectionDetailSchema.parse({
    ...header,
    results: [
      { ...inspectionResultRow({ resultId: 'r2', position: 1, ruleId: 'rule-2' }), pictures: [] },
      { ...inspectionResultRow({ resultId: 'r1', position: 0 }), pictures: [picture({ inspectionId })] },
    ],
  });
}

describe('inspectionsOfVehicle', () => {
  it("lists only the vehicle's inspections, newest first, without their results", async () => {
    const db = freshDb();
    await write(db, () =>
      db.feed('inspections').bulkPut([
        { id: 'a', ...inspectionRow({ inspectionId: 'a', inspectionDate: '2026-01-02T08:00:00.000Z' }) },
        { id: 'b', ...inspectionRow({ inspectionId: 'b', inspectionDate: '2026-01-03T08:00:00.000Z' }) },
        { id: 'c', ...inspectionRow({ inspectionId: 'c', inspectionDate: '2026-01-01T08:00:00.000Z' }) },
        { id: 'd', ...inspectionRow({ inspectionId: 'd', vehicleId: 'v2', inspectionDate: '2026-01-04T08:00:00.000Z' }) },
      ]),
    );
    const rows = await inspectionsOfVehicle(db, 'v1');
    expect(rows.map((r) => r.inspectionId)).toEqual(['b', 'a', 'c']);
    expect(rows[0]).not.toHaveProperty('results');
    expect(rows[0]).not.toHaveProperty('id');
  });
});

describe('inspectionViewOf', () => {
  it("answers a recent inspection from the feed, its results in the workflow's order with their pictures", async () => {
    const db = freshDb();
    await db.feed('vehicles').put({ id: 'v1', ...vehicleRow({ vehicleId: 'v1', regNumber: 'RENAMED' }) });
    const results = [inspectionResultRow({ resultId: 'r2', position: 1, ruleId: 'rule-2' }), inspectionResultRow({ resultId: 'r1', position: 0 })];
    await write(db, () => db.feed('inspections').put({ id: 'i1', ...inspectionRow({ inspectionId: 'i1', results }) }));
    await db.feed('inspectionPictures').bulkPut([
      { id: 'p1', ...picture({ pictureId: 'p1' }) },
      // A picture of older data names only its rule.
      { id: 'p2', ...picture({ pictureId: 'p2', resultId: null, ruleId: 'rule-2' }) },
      { id: 'p3', ...picture({ pictureId: 'p3', inspectionId: 'other' }) },
    ]);
    const view = await inspectionViewOf(db, 'i1');
    expect(view).toMatchObject({ regNumber: 'RENAMED', source: 'mirror', fetchedAt: null, header: { inspectionId: 'i1' } });
    expect(view?.results?.map((r) => [r.resultId, r.pictures.map((p) => p.pictureId)])).toEqual([
      ['r1', ['p1']],
      ['r2', ['p2']],
    ]);
  });

  it('answers an older inspection from its kept detail, else with no results; an unknown one is null', async () => {
    const db = freshDb();
    await write(db, () =>
      db.feed('inspections').bulkPut([
        { id: 'old1', ...inspectionRow({ inspectionId: 'old1', results: null }) },
        { id: 'old2', ...inspectionRow({ inspectionId: 'old2', results: null }) },
      ]),
    );
    await db.keptInspections.put({ inspectionId: 'old1', detail: detailOf('old1'), fetchedAt: '2026-01-05T10:00:00.000Z' });
    const kept = await inspectionViewOf(db, 'old1');
    expect(kept).toMatchObject({ source: 'kept', fetchedAt: '2026-01-05T10:00:00.000Z', regNumber: 'REG-v1' });
    expect(kept?.results?.map((r) => [r.resultId, r.pictures.length])).toEqual([
      ['r1', 1],
      ['r2', 0],
    ]);
    expect(await inspectionViewOf(db, 'old2')).toMatchObject({ results: null, source: null });
    expect(await inspectionViewOf(db, 'nope')).toBeNull();
  });
});

describe('fetchAndKeepInspection', () => {
  it('reads the detail path, keeps the answer, and a mirror reset clears what was kept', async () => {
    const db = freshDb();
    const paths: string[] = [];
    const read = async <T>(path: string, schema: { parse(v: unknown): T }) => {
      paths.push(path);
      return schema.parse(detailOf('old-1'));
    };
    const kept = await fetchAndKeepInspection(db, read as never, 'v1', 'old-1', new Date('2026-01-05T10:00:00.000Z'));
    expect(paths).toEqual(['/data/v1/vehicles/v1/inspection/old-1']);
    expect(await db.keptInspections.get('old-1')).toEqual(kept);
    expect(kept.fetchedAt).toBe('2026-01-05T10:00:00.000Z');
    await resetMirror(db);
    expect(await db.keptInspections.count()).toBe(0);
  });

  it('keeps nothing when the server cannot be reached', async () => {
    const db = freshDb();
    const read = async () => {
      throw new OfflineError();
    };
    await expect(fetchAndKeepInspection(db, read as never, 'v1', 'old1')).rejects.toBeInstanceOf(OfflineError);
    expect(await db.keptInspections.count()).toBe(0);
  });
});
