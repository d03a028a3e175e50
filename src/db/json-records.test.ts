import 'fake-indexeddb/auto';
import Dexie from 'dexie';
import { afterEach, describe, expect, it } from 'vitest';
import { emptySummary } from '../../core/rules/fleet-summary.ts';
import { MirrorDb } from './mirror.ts';

const NAME = 'json-records-test';

afterEach(async () => {
  await Dexie.delete(NAME);
});

const summary = (vehicleId: string, inspectionId: string) => ({
  ...emptySummary(vehicleId),
  inspectionId,
  notes: { [`n-${vehicleId}`]: '2026-11-01T08:00:00.000Z' },
});

describe('the summaries kept as JSON text', () => {
  it('are stored as text beside their key and read back whole by every read; a record stored before as an object still reads', async () => {
    const db = new MirrorDb(NAME);
    await db.fleetSummaries.bulkPut([summary('v1', 'a'), summary('v2', 'b')]);
    await db.open();
    const raw = new Dexie(NAME);
    await raw.open();
    expect(await raw.table('fleetSummaries').get('v1')).toEqual({ vehicleId: 'v1', json: JSON.stringify(summary('v1', 'a')) });
    // As an older build left it: the record itself.
    await raw.table('fleetSummaries').put(summary('v3', 'c'));
    raw.close();

    expect(await db.fleetSummaries.get('v1')).toEqual(summary('v1', 'a'));
    expect(await db.fleetSummaries.bulkGet(['v2', 'v3', 'v9'])).toEqual([summary('v2', 'b'), summary('v3', 'c'), undefined]);
    expect(await db.fleetSummaries.toArray()).toEqual([summary('v1', 'a'), summary('v2', 'b'), summary('v3', 'c')]);
    expect(await db.fleetSummaries.toCollection().primaryKeys()).toEqual(['v1', 'v2', 'v3']);
    const seen: string[] = [];
    await db.fleetSummaries
      .toCollection()
      .reverse()
      .each((s) => seen.push(s.inspectionId));
    expect(seen).toEqual(['c', 'b', 'a']);
    expect(await db.fleetSummaries.filter((s) => s.inspectionId !== 'b').count()).toBe(2);
    await db.fleetSummaries.update('v3', { inspectionId: 'd' });
    expect(await db.fleetSummaries.get('v3')).toEqual(summary('v3', 'd'));
    await db.fleetSummaries.delete('v1');
    expect(await db.fleetSummaries.count()).toBe(2);
    db.close();
  });
});
