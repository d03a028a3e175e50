import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { deriveFleetRows, fleetRowsFromSummaries, type FleetSources } from '../../core/rules/fleet-row.ts';
import { sourceId, SUMMARY_SOURCES } from '../../core/rules/fleet-summary.ts';
import { vehicleRow } from '../../core/testing/feed-rows.ts';
import { randomHistory, type HistoryOp } from '../../core/testing/random-history.ts';
import { OPEN_RECORD_SOURCES, readOpenRecords } from '../db/open-records.ts';
import type { MirrorDb } from '../db/mirror.ts';
import { readFleetSources } from '../features/fleet/read-fleet-sources.ts';
import { pullOnce } from './pull.ts';
import { FakeSyncServer, userRow } from './testing/fake-server.ts';
import { freshDb } from './testing/fixtures.ts';

/*
 * A first sync writes its pages without keeping the summaries and open records row by row, and makes
 * them whole once the last page is in (src/db/without-derived.ts); later pulls keep them row by row.
 * Either way a device must show what the records themselves give.
 */

const SEEDS = 12;
const VEHICLES = 5;

function serverWith(ops: readonly HistoryOp[], vehicleIds: readonly string[]): FakeSyncServer {
  const server = new FakeSyncServer();
  server.write([
    { t: 'users', id: 'u1', data: userRow('u1', 'Ann', 'Lee') },
    ...vehicleIds.map((vehicleId) => ({ t: 'vehicles', id: vehicleId, data: vehicleRow({ vehicleId, regNumber: `REG-${vehicleId}`, fuelLevel: 0.75 }) })),
  ]);
  writeOps(server, ops);
  return server;
}

/** A few changes per server transaction, as the histories were written. */
function writeOps(server: FakeSyncServer, ops: readonly HistoryOp[]): void {
  for (let i = 0; i < ops.length; i += 4) {
    server.write(ops.slice(i, i + 4).map((op) => ({ t: op.source, id: sourceId(op.source, op.row), data: op.kind === 'put' ? { ...op.row } : null })));
  }
}

async function recordsOf(db: MirrorDb): Promise<FleetSources> {
  const [vehicles, users, ...lists] = await Promise.all([
    db.feed('vehicles').toArray(),
    db.feed('users').toArray(),
    ...SUMMARY_SOURCES.map((s) => db.table(s).toArray()),
  ]);
  return { ...(Object.fromEntries(SUMMARY_SOURCES.map((s, i) => [s, lists[i]])) as unknown as FleetSources), vehicles, users, workflows: [] };
}

/** The device's rows and open records beside the same made from its records. */
async function expectDerivedFromRecords(db: MirrorDb, now: Date, label: string): Promise<void> {
  const byId = (rows: { vehicleId: string }[]) => [...rows].sort((a, b) => a.vehicleId.localeCompare(b.vehicleId));
  const { fleet } = await readFleetSources(db, now);
  expect(byId(fleetRowsFromSummaries(fleet, now)), label).toEqual(byId(deriveFleetRows(await recordsOf(db), now)));
  const open = await readOpenRecords(db);
  for (const feed of OPEN_RECORD_SOURCES) {
    const records = (await db.table(feed).toArray()) as { id: string; completed: boolean }[];
    const ids = (rows: { id?: string }[]) => rows.map((r) => r.id).sort();
    expect(ids(open[feed] as { id?: string }[]), `${label}: open ${feed}`).toEqual(ids(records.filter((r) => !r.completed)));
  }
}

describe('the summaries and open records of a first sync', () => {
  it('are made whole at its end, equal to what the records give, and kept row by row by the pulls after it', async () => {
    for (let seed = 1; seed <= SEEDS; seed++) {
      const start = new Date();
      const { vehicleIds, ops } = randomHistory(seed, 120, start, VEHICLES);
      const server = serverWith(ops.slice(0, 80), vehicleIds);
      const db = freshDb();
      // Pages of 7 in chunks of 3: many transactions, each without the upkeep.
      await pullOnce({ db, api: server.api(), clientId: 'c1', limit: 7, chunkRows: 3 });
      const now = new Date(Math.max(Date.now(), ...ops.map((op) => Date.parse(op.at))));
      await expectDerivedFromRecords(db, now, `seed ${seed}, first sync`);

      writeOps(server, ops.slice(80));
      await pullOnce({ db, api: server.api(), clientId: 'c1', limit: 7, chunkRows: 3 });
      await expectDerivedFromRecords(db, now, `seed ${seed}, the pull after`);
      await db.delete();
    }
  }, 60_000);

  it('equal what the records give when the records change while it runs, sent again or deleted', async () => {
    for (const [seed, changes] of [
      [3, 'changed'],
      [4, 'changed'],
      [5, 'changed and deleted'],
      [6, 'changed and deleted'],
    ] as const) {
      const { vehicleIds, ops } = randomHistory(seed, 120, new Date(), VEHICLES);
      const later = ops.slice(60).filter((op) => changes === 'changed and deleted' || op.kind === 'put');
      const server = serverWith(ops.slice(0, 60), vehicleIds);
      const api = server.api();
      let pulls = 0;
      const changing: typeof api = {
        ...api,
        request: (method, path, body) => {
          // The organization changes after the device's fifth page: rows it has come again, some go.
          if (path.startsWith('/data/v1/sync/pull') && ++pulls === 6) writeOps(server, later);
          return api.request(method, path, body);
        },
      };
      const db = freshDb();
      await pullOnce({ db, api: changing, clientId: 'c1', limit: 7, chunkRows: 3 });
      await expectDerivedFromRecords(db, new Date(Math.max(Date.now(), ...ops.map((op) => Date.parse(op.at)))), `seed ${seed}, ${changes}`);
      // No summary still counts a record deleted meanwhile.
      const summaries = JSON.stringify(await db.fleetSummaries.toArray());
      const gone = later.filter((op) => op.kind === 'delete').map((op) => sourceId(op.source, op.row));
      expect(
        gone.filter((id) => summaries.includes(`"${id}"`) || summaries.includes(`:${id}"`)),
        `seed ${seed}`,
      ).toEqual([]);
      await db.delete();
    }
  }, 60_000);

  it('are not kept while its pages come, and are there once it ends, also when it stopped half-way and resumed', async () => {
    const { vehicleIds, ops } = randomHistory(7, 60, new Date(), VEHICLES);
    const server = serverWith(ops, vehicleIds);
    const db = freshDb();
    const api = server.api();
    let pages = 0;
    const cut: typeof api = {
      ...api,
      request: (method, path, body) => {
        if (path.startsWith('/data/v1/sync/pull') && ++pages === 3) return Promise.reject(new Error('The link dropped'));
        return api.request(method, path, body);
      },
    };
    await expect(pullOnce({ db, api: cut, clientId: 'c1', limit: 10 })).rejects.toThrow('The link dropped');
    expect(await db.fleetSummaries.count()).toBe(0);
    expect(await db.feed('inspections').count()).toBeGreaterThan(0);

    await pullOnce({ db, api, clientId: 'c1', limit: 10 });
    expect(await db.fleetSummaries.count()).toBeGreaterThan(0);
    await expectDerivedFromRecords(db, new Date(Math.max(Date.now(), ...ops.map((op) => Date.parse(op.at)))), 'resumed');
    await db.delete();
  });
});
