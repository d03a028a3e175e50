import 'fake-indexeddb/auto';
import Dexie from 'dexie';
import { afterEach, describe, expect, it } from 'vitest';
import { inspectionRow, noteRow } from '../../core/testing/feed-rows.ts';
import { MirrorDb } from './mirror.ts';
import { countBucketReads } from './testing/bucket-reads.ts';
import lock from './mirror-stores.lock.json' with { type: 'json' };

/*
 * The bucketed inspections (src/db/month-buckets.ts) must answer every read and write exactly as a store
 * of one record per row does: the same operations, drawn at random, run against the mirror and against
 * a plain Dexie table of the same declaration, and every answer is compared.
 */

const MIRROR = 'month-buckets-mirror';
const PLAIN = 'month-buckets-plain';

afterEach(async () => {
  await Promise.all([Dexie.delete(MIRROR), Dexie.delete(PLAIN)]);
});

/** A small seeded generator, so that a failure repeats. */
function random(seed: number) {
  let s = seed;
  const next = () => {
    s = (s * 1103515245 + 12345) % 2 ** 31;
    return s / 2 ** 31;
  };
  return { next, int: (n: number) => Math.floor(next() * n), pick: <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]! };
}

const VEHICLES = ['v1', 'v2', 'v3', 'v4'];
const DAYS = [
  '2026-09-30T23:00:00.000Z',
  '2026-10-01T08:00:00.000Z',
  '2026-10-15T08:00:00.000Z',
  '2026-10-31T23:59:00.000Z',
  '2026-11-02T08:00:00.000Z',
  '2026-11-20T08:00:00.000Z',
];

type AnyRow = Record<string, unknown> & { id: string };
type AnyTable = Dexie.Table<AnyRow, string>;
type Draws = ReturnType<typeof random>;
type Op = [string, (t: AnyTable, d: Draws) => Promise<unknown>];

/** A bucketed table to test: its rows by number (an id's vehicle and date, unless a write moves it) and the reads of its own indexes. */
interface Case {
  table: string;
  rowOf(id: number, version: number): AnyRow;
  reads: Op[];
}

const vehicleOf = (id: number) => VEHICLES[id % VEHICLES.length]!;
const dayOf = (id: number) => DAYS[(id * 7) % DAYS.length]!;
const keyOf = (prefix: string, id: number) => `${prefix}${String(id).padStart(3, '0')}`;

function inspection(id: number, version: number): AnyRow {
  const key = keyOf('i', id);
  return { ...inspectionRow({ inspectionId: key, vehicleId: vehicleOf(id), inspectionDate: dayOf(id), numFixes: version % 3 }), id: key };
}

const CASES: Case[] = [
  {
    // By month of its date, with an index that starts with the vehicle: the mirror's inspections.
    table: 'inspections',
    rowOf: inspection,
    reads: [
      [
        'a vehicle, newest first',
        (t, d) =>
          t
            .where('[vehicleId+inspectionDate]')
            .between([d.pick(VEHICLES), Dexie.minKey], [d.pick(VEHICLES), Dexie.maxKey])
            .reverse()
            .toArray(),
      ],
      [
        'a vehicle in a window',
        (t, d) => {
          const v = d.pick(VEHICLES);
          return t
            .where('[vehicleId+inspectionDate]')
            .between([v, d.pick(DAYS)], [v, d.pick(DAYS)], d.next() < 0.5, true)
            .toArray();
        },
      ],
      [
        'newest of a vehicle',
        (t, d) =>
          t
            .where('[vehicleId+inspectionDate]')
            .between([d.pick(VEHICLES), Dexie.minKey], [d.pick(VEHICLES), Dexie.maxKey])
            .last(),
      ],
      ['two vehicles', (t) => t.where('[vehicleId+inspectionDate]').between(['v2', ''], ['v3', '\uffff']).limit(5).toArray()],
    ],
  },
  {
    // A vehicle's whole history in one bucket, with an index that is not the vehicle's: the mirror's notes.
    table: 'notes',
    rowOf: (id, version) => {
      const key = keyOf('n', id);
      return { ...noteRow({ noteId: key, vehicleId: vehicleOf(id), creationDate: dayOf(id), note: `note ${version}` }), id: key };
    },
    reads: [
      [
        'written in a window',
        (t, d) =>
          t
            .where('creationDate')
            .between(d.pick(DAYS), d.pick(DAYS), d.next() < 0.5, true)
            .toArray(),
      ],
      ['newest written', (t) => t.orderBy('creationDate').reverse().limit(4).toArray()],
    ],
  },
];

async function both<T>(table: string, mirror: MirrorDb, plain: Dexie, run: (t: AnyTable) => Promise<T>): Promise<[T, T]> {
  const inMirror = await mirror.transaction('rw', mirror.tables, () => run(mirror.table(table)));
  const inPlain = await plain.transaction('rw', plain.tables, () => run(plain.table(table)));
  return [inMirror, inPlain];
}

async function settled<T>(work: Promise<T>): Promise<T | string> {
  try {
    return await work;
  } catch (error) {
    return `failed: ${(error as Error).name}`;
  }
}

describe('the vehicles’ histories kept one record per vehicle and month, or per vehicle', () => {
  it.each(CASES)('answer every read and write of $table as a store of one record per row does', async ({ table, rowOf, reads: own }) => {
    let mirror = new MirrorDb(MIRROR);
    const plain = new Dexie(PLAIN);
    plain.version(1).stores({ [table]: (lock as Record<string, Record<string, string>>)['11']![table]! });
    const r = random(15);
    const ids = (d: Draws) => Array.from({ length: 1 + d.int(12) }, () => d.int(60));
    const id = (d: Draws) => rowOf(d.int(60), 0).id;
    const reads: Op[] = [
      ...own,
      ['all', (t) => t.toArray()],
      ['count', (t) => t.count()],
      ['get', (t, d) => t.get(id(d))],
      ['bulkGet', (t, d) => t.bulkGet(ids(d).map((i) => rowOf(i, 0).id))],
      ['a vehicle by its index', (t, d) => t.where('vehicleId').equals(d.pick(VEHICLES)).primaryKeys()],
      [
        'ids between',
        (t, d) =>
          t
            .where(':id')
            .between(rowOf(d.int(30), 0).id, rowOf(30 + d.int(30), 0).id, true, true)
            .toArray(),
      ],
      [
        'ids any of',
        (t, d) =>
          t
            .where(':id')
            .anyOf(ids(d).map((i) => rowOf(i, 0).id))
            .toArray(),
      ],
      ['the first page by id', (t) => t.orderBy(':id').limit(7).toArray()],
      ['a page by id', (t, d) => t.where(':id').above(id(d)).limit(7).toArray()],
      ['the last by id', (t) => t.orderBy(':id').reverse().limit(3).primaryKeys()],
      ['filtered, through a cursor', (t, d) => t.filter((row) => row.id < id(d)).toArray()],
      ['offset and limit', (t) => t.toCollection().offset(3).limit(4).primaryKeys()],
      [
        'each',
        async (t, d) => {
          const seen: unknown[] = [];
          await t
            .where('vehicleId')
            .equals(d.pick(VEHICLES))
            .each((row) => seen.push(row.id));
          return seen;
        },
      ],
      ['count of a vehicle', (t, d) => t.where('vehicleId').equals(d.pick(VEHICLES)).count()],
    ];
    const put: Op = ['bulkPut', (t, d) => t.bulkPut(ids(d).map((i) => rowOf(i, d.int(5))))];
    const writes: Op[] = [
      put,
      put,
      put,
      ['put', (t, d) => t.put(rowOf(d.int(60), d.int(5)))],
      // A row written again under another vehicle (the next put of it moves it back); never an
      // inspection, whose vehicle and date the server never changes.
      ...(table === 'inspections' ? [] : ([['put under another vehicle', (t, d) => t.put({ ...rowOf(d.int(60), d.int(5)), vehicleId: d.pick(VEHICLES) })]] as Op[])),
      ['bulkAdd', (t, d) => settled(t.bulkAdd(ids(d).map((i) => rowOf(i, 1))))],
      ['bulkDelete', (t, d) => t.bulkDelete(ids(d).map((i) => rowOf(i, 0).id))],
      ['delete', (t, d) => t.delete(id(d))],
      ['delete a range of ids', (t, d) => t.where(':id').between(id(d), id(d)).delete()],
      ['delete a vehicle', (t, d) => t.where('vehicleId').equals(d.pick(VEHICLES)).delete()],
      [
        'modify',
        (t, d) =>
          t
            .where('vehicleId')
            .equals(d.pick(VEHICLES))
            .modify({ lastModificationDate: d.pick(DAYS) }),
      ],
      ['update', (t, d) => t.update(id(d), { lastModificationDate: d.pick(DAYS) })],
      ['clear', (t, d) => (d.int(10) === 0 ? t.clear() : Promise.resolve())],
    ];
    const held: number[] = [];
    for (let step = 0; step < 400; step++) {
      // Now and then another tab's mirror, which has located no row yet (src/db/row-locations.ts).
      if (r.int(20) === 0) {
        mirror.close();
        mirror = new MirrorDb(MIRROR);
      }
      const [name, op] = r.next() < 0.5 ? r.pick(writes) : r.pick(reads);
      // The operation's own choices, drawn again from the same seed for the mirror and for the plain table.
      const seed = r.int(1_000_000);
      const [inMirror, inPlain] = await both(table, mirror, plain, (t) => op(t, random(seed)));
      expect(inMirror, `step ${step}: ${name}`).toEqual(inPlain);
      const [rowsInMirror, rowsInPlain] = await both(table, mirror, plain, (t) => t.toArray());
      expect(rowsInMirror, `step ${step}: the rows after ${name}`).toEqual(rowsInPlain);
      held.push(rowsInPlain.length);
    }
    // The draws kept the table busy: most steps ran on a table of many rows.
    expect(held.filter((n) => n >= 20).length).toBeGreaterThan(200);
    mirror.close();
    plain.close();
  });

  it('find inspections by id in the buckets they are located in, and read every bucket only for an id not located', async () => {
    const inspections = Array.from({ length: 40 }, (_, i) => inspection(i, 0));
    const writer = new MirrorDb(MIRROR);
    await writer.transaction('rw', writer.tables, () => writer.feed('inspections').bulkPut(inspections as never));
    writer.close();

    // Another tab's mirror, which has located nothing yet; the buckets its reads bring from IndexedDB are counted.
    const db = new MirrorDb(MIRROR);
    const reads = countBucketReads(db, 'inspectionMonths');
    const reading = async <T>(read: () => Promise<T>): Promise<[T, number]> => {
      reads.reset();
      const answer = await db.transaction('r', db.tables, read);
      return [answer, reads.count];
    };
    const row = inspection(7, 0);
    const months = new Set(inspections.map((r) => `${String(r.vehicleId)} ${String(r.inspectionDate).slice(0, 7)}`)).size;
    const monthsOfVehicle = new Set(inspections.filter((r) => r.vehicleId === row.vehicleId).map((r) => String(r.inspectionDate).slice(0, 7))).size;

    expect(await reading(() => db.feed('inspections').get('i999')), 'an id nobody located: every bucket').toEqual([undefined, months]);
    db.locations.note('inspections', [{ id: row.id, vehicleId: String(row.vehicleId) }]);
    expect(await reading(() => db.feed('inspections').get(row.id)), 'located by its vehicle: its months').toEqual([row, monthsOfVehicle]);
    db.locations.note('inspections', [{ id: row.id, vehicleId: String(row.vehicleId), inspectionDate: row.inspectionDate }]);
    expect(await reading(() => db.feed('inspections').get(row.id)), 'located by its vehicle and date: its month').toEqual([row, 1]);
    db.locations.note('inspections', [{ id: row.id, vehicleId: String(row.vehicleId) }]);
    expect(await reading(() => db.feed('inspections').get(row.id)), 'the month, once known, is kept').toEqual([row, 1]);
    const vehicle = inspections.filter((r) => r.vehicleId === 'v2');
    await reading(() => db.feed('inspections').where('vehicleId').equals('v2').toArray());
    expect(await reading(() => db.feed('inspections').bulkGet(vehicle.map((r) => r.id))), 'the rows of a vehicle read are located').toEqual([
      vehicle,
      new Set(vehicle.map((r) => String(r.inspectionDate).slice(0, 7))).size,
    ]);
    db.close();
  });

  it('are stored a record per vehicle (notes) or per vehicle and month (inspections), moved there from a mirror that kept one record per row', async () => {
    const note = (id: number) => ({ ...noteRow({ noteId: keyOf('n', id), vehicleId: vehicleOf(id), creationDate: dayOf(id) }), id: keyOf('n', id) });
    const old = new Dexie(MIRROR);
    old.version(10).stores((lock as Record<string, Record<string, string>>)['10']!);
    const notes = Array.from({ length: 40 }, (_, i) => note(i));
    const inspections = Array.from({ length: 40 }, (_, i) => inspection(i, 0));
    await old.table('notes').bulkPut(notes);
    await old.table('inspections').bulkPut(inspections);
    old.close();

    const db = new MirrorDb(MIRROR);
    expect(await db.feed('notes').count()).toBe(40);
    expect(await db.feed('notes').get('n007')).toEqual(note(7));
    expect(await db.feed('inspections').count()).toBe(40);
    expect(await db.feed('inspections').get('i007')).toEqual(inspection(7, 0));
    const buckets = await db.table('notesByVehicle').toArray();
    expect(buckets.map((b: { vehicleId: string; month: string }) => [b.vehicleId, b.month])).toEqual(VEHICLES.map((v) => [v, '']));
    expect(buckets.flatMap((b: { ids: string[] }) => b.ids).sort()).toEqual(notes.map((row) => row.id));
    const months = await db.table('inspectionMonths').toArray();
    const monthsOf = (rows: AnyRow[]) => [...new Set(rows.map((r) => `${String(r.vehicleId)} ${String(r.inspectionDate).slice(0, 7)}`))].sort();
    expect(months.map((b: { vehicleId: string; month: string }) => `${b.vehicleId} ${b.month}`)).toEqual(monthsOf(inspections));
    expect(months.flatMap((b: { ids: string[] }) => b.ids).sort()).toEqual(inspections.map((row) => row.id));
    db.close();
    const raw = new Dexie(MIRROR);
    await raw.open();
    expect(await raw.table('notes').count(), 'the old store is emptied').toBe(0);
    expect(await raw.table('inspections').count(), 'the old store is emptied').toBe(0);
    raw.close();
  });

  it('moves the inspections of a mirror that kept the shorter histories by vehicle already (version 11) into their months', async () => {
    const old = new Dexie(MIRROR);
    old.version(11).stores((lock as Record<string, Record<string, string>>)['11']!);
    const inspections = Array.from({ length: 30 }, (_, i) => inspection(i, 1));
    await old.table('inspections').bulkPut(inspections);
    old.close();

    const db = new MirrorDb(MIRROR);
    expect(await db.feed('inspections').orderBy(':id').toArray()).toEqual(inspections);
    expect(await db.table('inspectionMonths').count()).toBeGreaterThan(1);
    db.close();
  });
});
