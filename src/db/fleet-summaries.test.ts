import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { deriveFleetRows, fleetRowsFromSummaries, type FleetSources } from '../../core/rules/fleet-row.ts';
import { sourceId, SUMMARY_SOURCES, type SourceRow, type SummarySource } from '../../core/rules/fleet-summary.ts';
import { noteRow, userRow, vehicleRow } from '../../core/testing/feed-rows.ts';
import { randomHistory } from '../../core/testing/random-history.ts';
import { readFleetSources } from '../features/fleet/read-fleet-sources.ts';
import { resetMirror, writeChanges } from '../sync/pull-write.ts';
import { refreshStaleSummaries, SUMMARIES } from './fleet-summaries.ts';
import { MirrorDb } from './mirror.ts';

const SEEDS = 25;
const OPS = 60;

let db: MirrorDb | null = null;
afterEach(async () => {
  await db?.delete();
  db = null;
});

function open(): MirrorDb {
  db = new MirrorDb(`fleet-summaries-${Math.random()}`);
  return db;
}

type Records = Map<string, { source: SummarySource; row: SourceRow }>;

function sourcesOf(records: Records, vehicles: FleetSources['vehicles'], users: FleetSources['users']): FleetSources {
  const lists = Object.fromEntries(SUMMARY_SOURCES.map((s) => [s, [] as SourceRow[]]));
  for (const { source, row } of records.values()) lists[source]!.push(row);
  return { ...(lists as unknown as FleetSources), vehicles, workflows: [], users };
}

describe('the mirror’s fleet summaries', () => {
  it('give, through every write path of a transaction, the rows derived from the records themselves', async () => {
    for (let seed = 1; seed <= SEEDS; seed++) {
      const mirror = open();
      const start = new Date();
      const { vehicleIds, ops } = randomHistory(seed, OPS, start);
      const vehicles = vehicleIds.map((vehicleId) => ({ ...vehicleRow({ vehicleId, regNumber: `REG-${vehicleId}`, fuelLevel: 0.75 }), id: vehicleId }));
      const users = [{ ...userRow({ userId: 'u1', firstName: 'Ann', lastName: 'Lee' }), id: 'u1' }];
      await mirror.transaction('rw', mirror.tables, async () => {
        await mirror.feed('vehicles').bulkPut(vehicles);
        await mirror.feed('users').bulkPut(users);
      });
      const records: Records = new Map();
      // A few changes per transaction, written one by one or in bulk as the pull and the mutators do.
      for (let i = 0; i < ops.length; i += 3) {
        const batch = ops.slice(i, i + 3);
        await mirror.transaction('rw', mirror.tables, async () => {
          for (const op of batch) {
            const key = `${op.source}:${sourceId(op.source, op.row)}`;
            const table = mirror.table(op.source);
            if (op.kind === 'put') {
              records.set(key, { source: op.source, row: op.row });
              await (seed % 2 === 0 ? table.bulkPut([{ ...op.row, id: sourceId(op.source, op.row) }]) : table.put({ ...op.row, id: sourceId(op.source, op.row) }));
            } else {
              records.delete(key);
              await (seed % 2 === 0 ? table.bulkDelete([sourceId(op.source, op.row)]) : table.delete(sourceId(op.source, op.row)));
            }
          }
        });
        if (i % 15 === 0) await mirror.transaction('rw', mirror.tables, () => refreshStaleSummaries(mirror));
        const now = new Date(Math.max(Date.now(), Date.parse(batch.at(-1)!.at)));
        const { fleet } = await readFleetSources(mirror, now);
        const byId = (rows: { vehicleId: string }[]) => [...rows].sort((a, b) => a.vehicleId.localeCompare(b.vehicleId));
        expect(byId(fleetRowsFromSummaries(fleet, now)), `seed ${seed}, after op ${i + batch.length}`).toEqual(
          byId(deriveFleetRows(sourcesOf(records, vehicles, users), now)),
        );
      }
      await mirror.delete();
      db = null;
    }
  }, 120_000);

  it('are stored fresh again after a stale one is refreshed', async () => {
    const mirror = open();
    const older = noteRow({ noteId: 'n1', vehicleId: 'v1', creationDate: new Date(Date.now() - 86_400_000).toISOString() });
    const inspection = { inspectionId: 'i1', vehicleId: 'v1', parentInspectionId: null, inspectionDate: new Date().toISOString(), fuelLevel: null, numFixes: 0 };
    await mirror.transaction('rw', mirror.tables, async () => {
      await mirror.table('notes').put({ ...older, id: 'n1' });
      await mirror.table('inspections').put({ ...inspection, inspector: null, inspectorId: null, id: 'i1' });
      await mirror.table('inspections').delete('i1');
    });
    expect((await mirror.fleetSummaries.get('v1'))?.stale).toBe(true);
    expect(await mirror.transaction('rw', mirror.tables, () => refreshStaleSummaries(mirror))).toBe(1);
    expect(await mirror.fleetSummaries.get('v1')).toMatchObject({ stale: false, inspectionId: '', notes: { n1: older.creationDate } });
  });

  it('refuse a write to a source whose transaction does not hold them, so no summary can fall behind its records', async () => {
    const mirror = open();
    await expect(mirror.table('notes').put({ ...noteRow({ noteId: 'n1' }), id: 'n1' })).rejects.toThrow(`must have ${SUMMARIES} in its transaction`);
    expect(await mirror.table('notes').count()).toBe(0);
  });

  it('are emptied with the feeds when the mirror is reset', async () => {
    const mirror = open();
    await mirror.transaction('rw', mirror.tables, () =>
      mirror.table('notes').put({ ...noteRow({ noteId: 'n1', creationDate: new Date().toISOString() }), id: 'n1' }),
    );
    expect(await mirror.fleetSummaries.count()).toBe(1);
    await resetMirror(mirror);
    expect(await mirror.fleetSummaries.count()).toBe(0);
  });
});

describe('a record put under another vehicle', () => {
  it('move a record the server keeps under another vehicle: the summary and history of the vehicle it was under let it go', async () => {
    const db = open();
    const tdy = {
      ...{ tdyId: 't1', regNumber: 'REG-A', startDate: '2026-12-01', endDate: null, description: 'Exercise', completed: false },
      ...{ creationDate: '2026-12-01T08:00:00.000Z', lastModificationDate: '2026-12-01T08:00:00.000Z' },
      ...{ creatorId: null, creatorName: null, lastModifierId: null, lastModifierName: null },
    };
    const note = { noteId: 'n1', regNumber: 'REG-A', note: 'Keys at desk', userId: 'u1', userName: 'Ann Lee', creationDate: '2026-12-01T08:00:00.000Z' };
    const notes = (vehicleId: string) => db.feed('notes').where('vehicleId').equals(vehicleId).primaryKeys();
    // The device's own copies under A (an optimistic create), then the server's under B.
    await db.transaction('rw', db.tables, async () => {
      await db.table('tdys').put({ ...tdy, vehicleId: 'A', id: 't1' });
      await db.table('notes').put({ ...note, vehicleId: 'A', lastModificationDate: note.creationDate, id: 'n1' });
    });
    expect((await db.fleetSummaries.get('A'))?.tdys).toHaveProperty('t1');
    await db.transaction('rw', db.tables, async () => {
      await writeChanges(db, [
        { table: 'tdys', id: 't1', row: { ...tdy, vehicleId: 'B', regNumber: 'REG-B', id: 't1' } },
        { table: 'notes', id: 'n1', row: { ...note, vehicleId: 'B', regNumber: 'REG-B', lastModificationDate: note.creationDate, id: 'n1' } },
      ]);
    });

    expect((await db.fleetSummaries.get('A'))?.tdys).not.toHaveProperty('t1');
    expect((await db.fleetSummaries.get('B'))?.tdys).toHaveProperty('t1');
    expect((await db.fleetSummaries.get('A'))?.notes).not.toHaveProperty('n1');
    expect(await notes('A')).toEqual([]);
    expect(await notes('B')).toEqual(['n1']);
  });
});
