import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { sourceId } from '../../core/rules/fleet-summary.ts';
import { randomHistory, type HistoryOp } from '../../core/testing/random-history.ts';
import { freshDb } from '../sync/testing/fixtures.ts';
import { deriveAll } from './derived-stores.ts';
import { DerivedTally, type TalliedChange } from './derived-tally.ts';
import type { MirrorDb, ShadowEntry } from './mirror.ts';
import { OPEN_RECORDS, type OpenRecord } from './open-records.ts';
import { withoutDerived } from './without-derived.ts';

/*
 * A first sync's tally must store exactly what reading its feeds back would make (deriveAll), and must
 * refuse to stand for them when it cannot.
 */

const dbs: MirrorDb[] = [];
afterEach(async () => {
  for (const db of dbs.splice(0)) await db.delete();
});

const change = (op: HistoryOp): TalliedChange => {
  const id = sourceId(op.source, op.row);
  return { table: op.source, id, row: op.kind === 'put' ? { ...op.row, id } : null };
};

/** The rows the feeds hold after `ops`: each record's last version, deleted ones gone. */
function finalRows(ops: readonly HistoryOp[]): TalliedChange[] {
  const rows = new Map<string, TalliedChange>();
  for (const op of ops) {
    const c = change(op);
    if (c.row) rows.set(`${c.table}:${c.id}`, c);
    else rows.delete(`${c.table}:${c.id}`);
  }
  return [...rows.values()];
}

async function writeRows(db: MirrorDb, rows: readonly TalliedChange[]): Promise<void> {
  await db.transaction('rw', db.tables, (tx) =>
    withoutDerived(tx, async () => {
      for (const { table, row } of rows) await db.table(table).put(row);
    }),
  );
}

async function derivedStores(db: MirrorDb) {
  const byKey = <T>(rows: T[], key: (r: T) => string) => [...rows].sort((a, b) => key(a).localeCompare(key(b)));
  return {
    summaries: byKey(await db.fleetSummaries.toArray(), (s) => s.vehicleId),
    open: byKey((await db.table(OPEN_RECORDS).toArray()) as OpenRecord[], (r) => r.key),
  };
}

function historyOf(seed: number) {
  const { ops } = randomHistory(seed, 150, new Date(), 4);
  return { ops, now: new Date(Math.max(Date.now(), ...ops.map((op) => Date.parse(op.at)))) };
}

describe('DerivedTally', () => {
  it('stores the summaries and open records that reading the feeds back makes', async () => {
    for (let seed = 1; seed <= 10; seed++) {
      const { ops, now } = historyOf(seed);
      const rows = finalRows(ops);
      const read = freshDb();
      const tallied = freshDb();
      dbs.push(read, tallied);
      await writeRows(read, rows);
      await read.transaction('rw', read.tables, (tx) => deriveAll(tx, now));
      await writeRows(tallied, rows);
      const tally = new DerivedTally(now);
      for (let i = 0; i < rows.length; i += 7) tally.add(rows.slice(i, i + 7));
      await tallied.transaction('rw', tallied.tables, async (tx) => expect(await tally.store(tx)).toBe(true));
      expect(await derivedStores(tallied), `seed ${seed}`).toEqual(await derivedStores(read));
    }
  });

  it('stores the same when records came more than once, changed while the sync ran', async () => {
    for (let seed = 1; seed <= 10; seed++) {
      const { ops, now } = historyOf(seed);
      const puts = ops.filter((op) => op.kind === 'put');
      const read = freshDb();
      const tallied = freshDb();
      dbs.push(read, tallied);
      await writeRows(read, finalRows(puts));
      await read.transaction('rw', read.tables, (tx) => deriveAll(tx, now));
      await writeRows(tallied, finalRows(puts));
      const tally = new DerivedTally(now);
      tally.add(puts.map(change));
      await tallied.transaction('rw', tallied.tables, async (tx) => expect(await tally.store(tx)).toBe(true));
      expect(await derivedStores(tallied), `seed ${seed}`).toEqual(await derivedStores(read));
    }
  });

  it('refuses to stand for the feeds after a delete, or while changes made on the device are pending', async () => {
    const { ops } = historyOf(3);
    const [first] = finalRows(ops);
    const deleted = new DerivedTally();
    deleted.add([first!, { ...first!, row: null }]);
    const pending = new DerivedTally();
    pending.add([first!]);
    const db = freshDb();
    dbs.push(db);
    await db.shadows.put({ key: `${first!.table}:${first!.id}`, table: first!.table as ShadowEntry['table'], id: first!.id, row: null });
    await db.transaction('rw', db.tables, async (tx) => {
      expect(await deleted.store(tx)).toBe(false);
      expect(await pending.store(tx)).toBe(false);
    });
    expect(await db.fleetSummaries.count()).toBe(0);
  });
});
