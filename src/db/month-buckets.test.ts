import 'fake-indexeddb/auto';
import Dexie from 'dexie';
import { afterEach, describe, expect, it } from 'vitest';
import { inspectionRow } from '../../core/testing/feed-rows.ts';
import { MirrorDb } from './mirror.ts';
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

/** An id's vehicle and date never change (the rule the buckets rest on); its other fields do. */
function rowOf(id: number, version: number) {
  const key = `i${String(id).padStart(3, '0')}`;
  return {
    ...inspectionRow({ inspectionId: key, vehicleId: VEHICLES[id % VEHICLES.length], inspectionDate: DAYS[(id * 7) % DAYS.length], numFixes: version % 3 }),
    id: key,
  };
}

type AnyTable = Dexie.Table<Record<string, unknown>, string>;

async function both<T>(mirror: MirrorDb, plain: Dexie, run: (table: AnyTable, db: Dexie) => Promise<T>): Promise<[T, T]> {
  const inMirror = await mirror.transaction('rw', mirror.tables, () => run(mirror.table('inspections'), mirror));
  const inPlain = await plain.transaction('rw', plain.tables, () => run(plain.table('inspections'), plain));
  return [inMirror, inPlain];
}

async function settled<T>(work: Promise<T>): Promise<T | string> {
  try {
    return await work;
  } catch (error) {
    return `failed: ${(error as Error).name}`;
  }
}

describe('inspections kept one record per vehicle and month', () => {
  it('answer every read and write as a store of one record per row does', async () => {
    const mirror = new MirrorDb(MIRROR);
    const plain = new Dexie(PLAIN);
    plain.version(1).stores({ inspections: (lock as Record<string, Record<string, string>>)['11']!.inspections! });
    const r = random(15);
    // The operations' own choices, drawn again from the same seed for the mirror and for the plain table.
    const d = random(0);
    const ids = () => Array.from({ length: 1 + d.int(12) }, () => d.int(60));
    const vehicle = () => d.pick(VEHICLES);
    const reads: [string, (t: AnyTable) => Promise<unknown>][] = [
      ['all', (t) => t.toArray()],
      ['count', (t) => t.count()],
      ['get', (t) => t.get(rowOf(d.int(60), 0).id)],
      ['bulkGet', (t) => t.bulkGet(ids().map((i) => rowOf(i, 0).id))],
      ['a vehicle, newest first', (t) => t.where('[vehicleId+inspectionDate]').between([vehicle(), Dexie.minKey], [vehicle(), Dexie.maxKey]).reverse().toArray()],
      ['a vehicle by its virtual index', (t) => t.where('vehicleId').equals(vehicle()).primaryKeys()],
      [
        'a vehicle in a window',
        (t) => {
          const v = vehicle();
          return t
            .where('[vehicleId+inspectionDate]')
            .between([v, d.pick(DAYS)], [v, d.pick(DAYS)], d.next() < 0.5, d.next() < 0.5)
            .toArray();
        },
      ],
      ['newest of a vehicle', (t) => t.where('[vehicleId+inspectionDate]').between([vehicle(), Dexie.minKey], [vehicle(), Dexie.maxKey]).last()],
      ['two vehicles', (t) => t.where('[vehicleId+inspectionDate]').between(['v2', ''], ['v3', '\uffff']).limit(5).toArray()],
      [
        'ids between',
        (t) =>
          t
            .where(':id')
            .between(rowOf(d.int(30), 0).id, rowOf(30 + d.int(30), 0).id, true, true)
            .toArray(),
      ],
      [
        'ids any of',
        (t) =>
          t
            .where(':id')
            .anyOf(ids().map((i) => rowOf(i, 0).id))
            .toArray(),
      ],
      ['filtered, through a cursor', (t) => t.filter((row) => Number(row.numFixes) > 0).toArray()],
      ['offset and limit', (t) => t.toCollection().offset(3).limit(4).primaryKeys()],
      [
        'each',
        async (t) => {
          const seen: unknown[] = [];
          await t
            .where('[vehicleId+inspectionDate]')
            .between([vehicle(), Dexie.minKey], [vehicle(), Dexie.maxKey])
            .each((row) => seen.push(row.id));
          return seen;
        },
      ],
      ['count of a vehicle', (t) => t.where('vehicleId').equals(vehicle()).count()],
    ];
    const writes: [string, (t: AnyTable) => Promise<unknown>][] = [
      ['bulkPut', (t) => t.bulkPut(ids().map((i) => rowOf(i, d.int(5))))],
      ['bulkPut, more', (t) => t.bulkPut(ids().map((i) => rowOf(i, d.int(5))))],
      ['bulkPut, again', (t) => t.bulkPut(ids().map((i) => rowOf(i, d.int(5))))],
      ['put', (t) => t.put(rowOf(d.int(60), d.int(5)))],
      ['bulkAdd', (t) => settled(t.bulkAdd(ids().map((i) => rowOf(i, 1))))],
      ['bulkDelete', (t) => t.bulkDelete(ids().map((i) => rowOf(i, 0).id))],
      ['delete', (t) => t.delete(rowOf(d.int(60), 0).id)],
      [
        'delete a range of ids',
        (t) =>
          t
            .where(':id')
            .between(rowOf(d.int(60), 0).id, rowOf(d.int(60), 0).id)
            .delete(),
      ],
      ['delete a vehicle', (t) => t.where('vehicleId').equals(vehicle()).delete()],
      ['modify', (t) => t.where('[vehicleId+inspectionDate]').between([vehicle(), Dexie.minKey], [vehicle(), Dexie.maxKey]).modify({ passed: false })],
      ['update', (t) => t.update(rowOf(d.int(60), 0).id, { numNotes: d.int(4) })],
      ['clear', (t) => (d.int(10) === 0 ? t.clear() : Promise.resolve())],
    ];
    const held: number[] = [];
    for (let step = 0; step < 400; step++) {
      const [name, op] = r.next() < 0.5 ? r.pick(writes) : r.pick(reads);
      const seed = r.int(1_000_000);
      const [inMirror, inPlain] = await both(mirror, plain, (t) => {
        Object.assign(d, random(seed));
        return op(t);
      });
      expect(inMirror, `step ${step}: ${name}`).toEqual(inPlain);
      const [rowsInMirror, rowsInPlain] = await both(mirror, plain, (t) => t.toArray());
      expect(rowsInMirror, `step ${step}: the rows after ${name}`).toEqual(rowsInPlain);
      held.push(rowsInPlain.length);
    }
    // The draws kept the table busy: most steps ran on a table of many rows.
    expect(held.filter((n) => n >= 20).length).toBeGreaterThan(200);
    mirror.close();
    plain.close();
  });

  it('are stored a record per vehicle and month, and moved there from a mirror that kept one record per row', async () => {
    const old = new Dexie(MIRROR);
    old.version(10).stores((lock as Record<string, Record<string, string>>)['10']!);
    const rows = Array.from({ length: 40 }, (_, i) => rowOf(i, 0));
    await old.table('inspections').bulkPut(rows);
    old.close();

    const db = new MirrorDb(MIRROR);
    expect(await db.feed('inspections').count()).toBe(40);
    expect(await db.feed('inspections').get('i007')).toEqual(rowOf(7, 0));
    const buckets = await db.table('inspectionMonths').toArray();
    expect(buckets.length).toBe(new Set(rows.map((row) => `${row.vehicleId} ${row.inspectionDate.slice(0, 7)}`)).size);
    expect(buckets.flatMap((b: { ids: string[] }) => b.ids).sort()).toEqual(rows.map((row) => row.id));
    db.close();
    const raw = new Dexie(MIRROR);
    await raw.open();
    expect(await raw.table('inspections').count(), 'the old store is emptied').toBe(0);
    raw.close();
  });
});
