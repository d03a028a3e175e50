import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNull } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { nanoid } from 'nanoid';
import { startTestServer, type TestServer } from '../support/server.ts';
import { signIn } from '../support/sign-in.ts';
import { apiClient } from '../support/api.ts';
import { pullAll } from '../support/sync.ts';
import { byVehicleId, deviceFleetRows } from '../support/device-fleet.ts';
import { generateSeed } from '../../server/seed/generate.ts';
import { writeSeed } from '../../server/seed/write-seed.ts';
import { DEMO_PASSWORD, demoEmail } from '../../server/seed/demo-users.ts';
import { startOfUtcDay } from '../../server/seed/seed-if-empty.ts';
import { discrepancies, fleetSummaryClocks, inspections, ltis, notes, pmis, scheduledMx, tdys, waivers } from '../../server/db/schema/index.ts';
import { purgeTombstones } from '../../server/sync/tombstones.ts';
import { Rng } from '../../core/testing/seeded-random.ts';
import { CORRECTIVE_ACTION_CODES } from '../../core/schema/discrepancy.ts';
import { WAIVER_STATUSES } from '../../core/schema/waiver.ts';
import { fleetRowSchema } from '../../core/schema/fleet.ts';
import type { SyncChange } from '../../core/schema/sync.ts';

/*
 * The server keeps each vehicle's summary and folds in the writes since (server/modules/vehicles/
 * fleet-summaries.ts). Random writes to every summary source (new records, changes that move a best
 * record or take it away, deletes, a purge of tombstones) must leave the bulk answer equal to the rows a
 * device derives from everything it pulled, after every round.
 */

const DAY = 86_400_000;
const SEED = Number(process.env.FLEET_SUMMARY_SEED ?? 7);
const ROUNDS = 30;

let server: TestServer;
let orgId: string;
let admin: ReturnType<typeof apiClient>;

beforeAll(async () => {
  server = await startTestServer();
  const data = generateSeed({ orgs: 1, vehicles: 8, days: 45, today: startOfUtcDay(new Date()) });
  orgId = data.organizations[0]!.orgId;
  await writeSeed(server.ctx, data);
  admin = apiClient(server.baseUrl, (await signIn(server.baseUrl, demoEmail('admin', 'wing-1'), DEMO_PASSWORD)).accessToken);
  // Days in a zone far from UTC (issue 50): the device and the server must count them alike.
  expect((await admin.patch(`/data/v1/organizations/${orgId}`, { timeZone: 'Pacific/Kiritimati' })).status).toBe(200);
}, 60_000);
afterAll(() => server.stop({ drop: true }));

/** A moment `days` (and a quarter of a day, away from every window's edge) before now; negative: after. */
const daysAgo = (days: number) => new Date(Date.now() - days * DAY - DAY / 4);
const dayText = (days: number) => daysAgo(days).toISOString().slice(0, 10);

type Patch = Record<string, unknown>;
const SOURCES: { table: PgTable; change: (r: Rng) => Patch }[] = [
  {
    table: inspections,
    change: (r) => ({ inspectionDate: daysAgo(r.int(0, 40)), fuelLevel: r.chance(0.5) ? null : r.int(0, 100) / 100, numFixes: r.int(0, 3) }),
  },
  {
    table: discrepancies,
    change: (r) => {
      const found = daysAgo(r.int(1, 40));
      const done = r.weighted({ open: 1, repaired: 2, onTheSpot: 1 });
      const completed = done === 'open' ? null : done === 'onTheSpot' ? found : new Date(found.getTime() + r.int(1, 48) * 3_600_000);
      return { dateDiscovered: found, actualCompletionDate: completed, disregard: r.chance(0.2), af1800StatusCode: r.pick(CORRECTIVE_ACTION_CODES) };
    },
  },
  ...[scheduledMx, ltis, pmis].map((table) => ({
    table,
    change: (r: Rng) => {
      const completed = r.chance(0.5);
      return { mxDate: daysAgo(r.int(-30, 30)), completed, completionDate: completed && r.chance(0.8) ? daysAgo(r.int(0, 30)) : null };
    },
  })),
  { table: waivers, change: (r) => ({ status: r.pick(WAIVER_STATUSES) }) },
  {
    table: tdys,
    change: (r) => {
      const start = r.int(-5, 20);
      return { startDate: dayText(start), endDate: r.chance(0.3) ? null : dayText(start - r.int(0, 25)), completed: r.chance(0.3) };
    },
  },
  { table: notes, change: (r) => ({ createdAt: daysAgo(r.int(0, 40)) }) },
];

/** One random write to one summary source: a new record (a copy of one, changed), a change or a delete. */
async function randomWrite(r: Rng): Promise<string> {
  const { table, change } = r.pick(SOURCES);
  const t = table as typeof notes;
  const live = await server.ctx.db
    .select()
    .from(t)
    .where(and(eq(t.orgId, orgId), isNull(t.deletedAt)));
  if (live.length === 0) return 'nothing to change';
  const row = r.pick(live.sort((a, b) => a.id.localeCompare(b.id)));
  const kind = r.weighted({ add: 2, change: 3, delete: 1 });
  await server.ctx.write(orgId, undefined, async ({ tx, rev }) => {
    const patch = { ...change(r), rev, updatedAt: new Date() };
    if (kind === 'add') await tx.insert(t).values({ ...row, ...patch, id: nanoid() });
    else if (kind === 'change') await tx.update(t).set(patch).where(eq(t.id, row.id));
    else await tx.update(t).set({ deletedAt: new Date(), rev }).where(eq(t.id, row.id));
  });
  return kind;
}

describe('the fleet summaries the server keeps', () => {
  it(`answer Fleet Details as a device derives it after every round of random writes (seed ${SEED})`, async () => {
    const r = new Rng(SEED);
    let pulled: { rows: Map<string, SyncChange>; cursor: string } = { rows: new Map(), cursor: '' };
    const compare = async (round: string) => {
      pulled = await pullAll(admin, { cursor: pulled.cursor, rows: pulled.rows });
      const bulk = fleetRowSchema.array().parse((await admin.get('/data/v2/fleet/bulk')).body);
      expect(byVehicleId(bulk), `${round} (FLEET_SUMMARY_SEED=${SEED})`).toEqual(deviceFleetRows(pulled.rows));
    };
    await compare('before any write');
    const [kept] = await server.ctx.db.select().from(fleetSummaryClocks).where(eq(fleetSummaryClocks.orgId, orgId));
    expect(kept, 'the first answer keeps the summaries').toBeDefined();
    for (let round = 1; round <= ROUNDS; round++) {
      const writes = [];
      for (let i = r.int(1, 3); i > 0; i--) writes.push(await randomWrite(r));
      // Halfway, every tombstone is purged: the kept summaries never saw some of those deletes.
      if (round === ROUNDS / 2) await purgeTombstones(server.ctx, new Date(Date.now() + DAY));
      await compare(`round ${round}: ${writes.join(', ')}`);
    }
  }, 120_000);
});
