import 'fake-indexeddb/auto';
import Dexie from 'dexie';
import { afterEach, describe, expect, it } from 'vitest';
import { sourceId } from '../../core/rules/fleet-summary.ts';
import { randomHistory } from '../../core/testing/random-history.ts';
import { Rng } from '../../core/testing/seeded-random.ts';
import { resetMirror } from '../sync/pull-write.ts';
import { MirrorDb, storesV1 } from './mirror.ts';
import { OPEN_RECORD_SOURCES, OPEN_RECORDS, readOpenRecords } from './open-records.ts';

const SEEDS = 20;
const OPS = 60;

let dbs: Dexie[] = [];
afterEach(async () => {
  for (const db of dbs) await db.delete();
  dbs = [];
});

function open(name = `open-records-${Math.random()}`): MirrorDb {
  const db = new MirrorDb(name);
  dbs.push(db);
  return db;
}

/** The open records made from scratch: every source row not completed, by feed, in key order. */
async function fromScratch(db: MirrorDb) {
  const lists = await Promise.all(OPEN_RECORD_SOURCES.map((feed) => db.table(feed).toArray()));
  return Object.fromEntries(OPEN_RECORD_SOURCES.map((feed, i) => [feed, (lists[i] as { completed: boolean }[]).filter((r) => !r.completed)]));
}

const wash = (id: string, completed: boolean) => ({ id, washId: id, vehicleId: 'v1', washDate: '2026-03-20T08:00:00.000Z', completed, creatorId: null });

describe('the mirror’s open records', () => {
  it('hold, through every write path of a transaction, exactly the records not completed', async () => {
    for (let seed = 1; seed <= SEEDS; seed++) {
      const mirror = open();
      const rng = new Rng(seed);
      const { ops } = randomHistory(seed, OPS, new Date());
      for (let i = 0; i < ops.length; i += 3) {
        await mirror.transaction('rw', mirror.tables, async () => {
          for (const op of ops.slice(i, i + 3)) {
            const table = mirror.table(op.source);
            const id = sourceId(op.source, op.row);
            if (op.kind === 'put') await (rng.chance(0.5) ? table.bulkPut([{ ...op.row, id }]) : table.put({ ...op.row, id }));
            else await (rng.chance(0.5) ? table.bulkDelete([id]) : table.delete(id));
          }
          // Washes, which no summary reads: written open, completed, deleted.
          const w = `w${rng.int(0, 5)}`;
          if (rng.chance(0.2)) await mirror.table('washes').delete(w);
          else await mirror.table('washes').put(wash(w, rng.chance(0.4)));
        });
      }
      expect(await readOpenRecords(mirror), `seed ${seed}`).toEqual(await fromScratch(mirror));
      // A cleared feed (a reset) takes its open records with it.
      await mirror.transaction('rw', mirror.tables, () => mirror.table('ltis').clear());
      expect((await readOpenRecords(mirror)).ltis).toEqual([]);
      expect(await readOpenRecords(mirror)).toEqual(await fromScratch(mirror));
    }
  }, 60_000); // 20 random histories in fake-indexeddb: 2 s alone, over 5 s beside an e2e run

  it('refuse a write to a source outside a transaction that holds them, and empty with the mirror', async () => {
    const mirror = open();
    await expect(mirror.transaction('rw', mirror.table('washes'), () => mirror.table('washes').put(wash('w1', false)))).rejects.toThrow(OPEN_RECORDS);
    await mirror.transaction('rw', mirror.tables, () => mirror.table('washes').put(wash('w1', false)));
    expect((await readOpenRecords(mirror)).washes).toHaveLength(1);
    await resetMirror(mirror);
    expect(await mirror.table(OPEN_RECORDS).count()).toBe(0);
  });

  it('are made from the feeds when a mirror of the version before opens', async () => {
    const name = `open-records-upgrade-${Math.random()}`;
    const old = new Dexie(name);
    dbs.push(old);
    old.version(1).stores(storesV1());
    await old.open();
    await old.table('washes').bulkPut([wash('w1', false), wash('w2', true)]);
    old.close();
    const mirror = open(name);
    expect((await readOpenRecords(mirror)).washes.map((w) => w.washId)).toEqual(['w1']);
  });
});
