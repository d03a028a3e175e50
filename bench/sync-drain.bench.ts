// Draining an outbox after a long time offline: 1,000 mutations queued on one simulated device (vehicle
// edits, settings saves, notes, profile and user edits) through the real mutators and `mutate`, then
// the device reconnects and the real Drain pushes them in batches and pullOnce brings the acks; timed
// until the outbox is empty. Beside it, in the same run, the baseline sends the same 1,000 changes as
// one REST request each (the request the mutator makes, one after the other), to a second organization
// made the same way on the same server. The drain must apply each mutation exactly once: the organization's
// revisions taken during the drain are compared with the mutations the server recorded as applied.
// BENCH_SYNC_MUTATIONS changes the count.
import 'fake-indexeddb/auto';
import os from 'node:os';
import { and, count, eq, isNotNull } from 'drizzle-orm';
import { nanoid } from 'nanoid';
import { notes, orgClocks, sections, syncMutations, workflows } from '../server/db/schema/index.ts';
import { randomWorkflowId } from '../core/schema/workflow.ts';
import type { Mutator } from '../src/sync/mutator.ts';
import '../src/data/install-mutators.ts';
import { addNote, saveSetting, updateProfile, updateUser, updateVehicle } from '../src/data/mutators.ts';
import { startTestServer, type TestServer } from '../tests/support/server.ts';
import { createOrg, createUser } from '../tests/support/factories.ts';
import { signedInUser, type SignedInUser } from '../tests/support/session.ts';
import { SimDevice } from '../tests/support/sim-device.ts';
import { PushFaults } from '../tests/support/sim-faults.ts';
import { Rng } from '../core/testing/seeded-random.ts';
import { loadAverage, measure, table } from './measure.ts';

const MUTATIONS = Number(process.env.BENCH_SYNC_MUTATIONS ?? 1000);
const VEHICLES = 50;
const TARGETS = 5;
const STATUSES = ['warning', 'invalid', 'inMx', 'valid'] as const;
const SETTINGS = ['fleetDetailFilter', 'fleetDetailColumnsState', 'userAdminFilter', 'userAdminColumnsState'] as const;

/** One organization as the bench needs it: a signed-in VCO administrator, vehicles, users to edit. */
interface BenchOrg {
  orgId: string;
  sectionId: string;
  admin: SignedInUser;
  vehicleIds: string[];
  regNumbers: string[];
  targets: { userId: string; lastName: string }[];
}

async function makeOrg(server: TestServer): Promise<BenchOrg> {
  const { orgId, sectionId } = await createOrg(server.ctx);
  const workflowId = randomWorkflowId();
  await server.ctx.write(orgId, undefined, async ({ tx, rev }) => {
    await tx.insert(workflows).values({ id: String(workflowId), orgId, rev, title: 'Daily', active: true });
    await tx.insert(sections).values({ id: nanoid(), orgId, rev, name: 'Bravo' });
  });
  const admin = await signedInUser(server, orgId, sectionId, { role: 'vco', isAdmin: true, firstName: 'Bench', lastName: 'Admin' });
  const vehicleIds: string[] = [];
  const regNumbers: string[] = [];
  for (let i = 0; i < VEHICLES; i++) {
    const regNumber = `B-${String(i).padStart(4, '0')}`;
    regNumbers.push(regNumber);
    const res = await admin.api.post('/data/v1/vehicles', { regNumber, vehicleType: 'Truck', sectionId, workflowId });
    if (res.status !== 201) throw new Error(`vehicle not created: ${res.status} ${JSON.stringify(res.body)}`);
    vehicleIds.push((res.body as { vehicleId: string }).vehicleId);
  }
  const targets: BenchOrg['targets'] = [];
  for (let i = 0; i < TARGETS; i++) {
    const lastName = `Target${i}`;
    const t = await createUser(server.ctx, orgId, sectionId, { role: 'jrSuper', firstName: 'T', lastName });
    targets.push({ userId: t.userId, lastName });
  }
  return { orgId, sectionId, admin, vehicleIds, regNumbers, targets };
}

const versionOf = (m: unknown): number => (m as { version?: number }).version ?? 1;

interface Planned {
  mutator: Mutator<unknown>;
  args: unknown;
}

/**
 * The 1,000 changes for an organization, the same for both (drawn from one seed, ids mapped): each
 * vehicle edit sets a reading or a status other than the current one, so none is refused.
 */
function plan(org: BenchOrg): { planned: Planned[]; notes: number } {
  const rng = new Rng(12);
  const hours = new Map<string, number>();
  const status = new Map<string, number>();
  const names = { first: 'Bench', last: 'Admin' };
  const planned: Planned[] = [];
  let noteCount = 0;
  const at = new Date().toISOString();
  for (let i = 0; i < MUTATIONS; i++) {
    const kind = rng.weighted({ vehicle: 45, setting: 20, note: 20, profile: 10, user: 5 });
    const v = rng.int(0, org.vehicleIds.length - 1);
    const vehicleId = org.vehicleIds[v]!;
    if (kind === 'vehicle') {
      if (rng.chance(0.6)) {
        const next = (hours.get(vehicleId) ?? 0) + rng.int(1, 50);
        hours.set(vehicleId, next);
        planned.push({ mutator: updateVehicle as Mutator<unknown>, args: { vehicleId, changes: { hours: next }, userId: org.admin.userId, at } });
      } else {
        const s = (status.get(vehicleId) ?? -1) + 1;
        status.set(vehicleId, s);
        planned.push({
          mutator: updateVehicle as Mutator<unknown>,
          args: { vehicleId, changes: { status: STATUSES[s % STATUSES.length] }, userId: org.admin.userId, at },
        });
      }
    } else if (kind === 'setting') {
      planned.push({
        mutator: saveSetting as Mutator<unknown>,
        args: { userId: org.admin.userId, values: { [rng.pick(SETTINGS)]: { filters: [{ id: 'regNumber', value: rng.word(4) }], i } } },
      });
    } else if (kind === 'note') {
      noteCount++;
      planned.push({
        mutator: addNote as Mutator<unknown>,
        args: { parentId: vehicleId, id: nanoid(), userId: org.admin.userId, fields: { note: `Bench note ${i} ${rng.word(6)}` } },
      });
    } else if (kind === 'profile') {
      names.first = `F${rng.word(5)}`;
      const args =
        versionOf(updateProfile) >= 2
          ? { userId: org.admin.userId, changes: { firstName: names.first } }
          : { userId: org.admin.userId, firstName: names.first, lastName: names.last };
      planned.push({ mutator: updateProfile as Mutator<unknown>, args });
    } else {
      const target = org.targets[rng.int(0, org.targets.length - 1)]!;
      const firstName = `T${rng.word(5)}`;
      const args =
        versionOf(updateUser) >= 2
          ? { userId: target.userId, orgId: org.orgId, changes: { firstName } }
          : {
              userId: target.userId,
              orgId: org.orgId,
              firstName,
              lastName: target.lastName,
              role: 'jrSuper',
              sectionId: org.sectionId,
              active: true,
              isAdmin: false,
            };
      planned.push({ mutator: updateUser as Mutator<unknown>, args });
    }
  }
  return { planned, notes: noteCount };
}

async function clockOf(server: TestServer, orgId: string): Promise<number> {
  const [row] = await server.ctx.db.select({ rev: orgClocks.rev }).from(orgClocks).where(eq(orgClocks.orgId, orgId));
  return Number(row?.rev ?? 0);
}

async function notesIn(server: TestServer, orgId: string): Promise<number> {
  const [row] = await server.ctx.db.select({ n: count() }).from(notes).where(eq(notes.orgId, orgId));
  return Number(row?.n ?? 0);
}

export async function run(): Promise<void> {
  const server = await startTestServer();
  try {
    console.log(`${os.cpus()[0]?.model ?? 'cpu'} x ${os.cpus().length}, node ${process.version}; ${loadAverage()}; ${server.databaseUrl ? 'PostgreSQL' : 'PGlite'}`);
    const orgA = await makeOrg(server);
    const orgB = await makeOrg(server);

    // The device: bootstrapped online, then offline while 1,000 changes are made.
    const pushFaults = new PushFaults(server.app);
    const user = {
      label: 'bench',
      userId: orgA.admin.userId,
      email: orgA.admin.email,
      password: orgA.admin.password,
      orgId: orgA.orgId,
      role: 'vco',
      isAdmin: true,
    };
    const device = await SimDevice.open('bench', user, server.baseUrl, pushFaults, orgA.admin.tokens);
    await device.pull();
    device.network.online = false;
    const a = plan(orgA);
    const queued = await measure(async () => {
      for (const p of a.planned) await device.mutate(p.mutator, p.args);
    });
    const revBefore = await clockOf(server, orgA.orgId);
    const notesBefore = await notesIn(server, orgA.orgId);

    // Reconnect: drain and pull until the outbox is empty.
    device.network.online = true;
    const sentBefore = { ...device.network.sent };
    const waitedBefore = { ...device.network.waited };
    let drainSeconds = 0;
    let pullSeconds = 0;
    const drained = await measure(async () => {
      for (let round = 0; round < 20 && (await device.db.outbox.count()) > 0; round++) {
        let t = performance.now();
        await device.drain.wake({ force: true });
        drainSeconds += (performance.now() - t) / 1000;
        t = performance.now();
        await device.pull();
        pullSeconds += (performance.now() - t) / 1000;
      }
      return device.db.outbox.count();
    });
    const pushes = device.network.sent.push - sentBefore.push;
    const pulls = device.network.sent.pull - sentBefore.pull;
    const pushServer = (device.network.waited.push - waitedBefore.push) / 1000;
    const pullServer = (device.network.waited.pull - waitedBefore.pull) / 1000;
    const left = drained.value;
    const revAfter = await clockOf(server, orgA.orgId);
    const recorded = await server.ctx.db
      .select({ n: count() })
      .from(syncMutations)
      .where(and(eq(syncMutations.clientId, device.clientId), isNotNull(syncMutations.rev)));
    const appliedWithRev = Number(recorded[0]?.n ?? 0);
    const rejected = await device.db.rejected.toArray();
    const notesMade = (await notesIn(server, orgA.orgId)) - notesBefore;
    // Each applied mutation takes one revision; a second application would take another (or add a second note).
    const duplicates = revAfter - revBefore - appliedWithRev + Math.max(0, notesMade - a.notes);

    // Baseline: the same changes, one REST request each, in order.
    const b = plan(orgB);
    const ctxB = { userId: orgB.admin.userId, orgId: orgB.orgId };
    const requests = b.planned.map((p) => p.mutator.request(p.mutator.parse(p.args), ctxB));
    let failed = 0;
    const baseline = await measure(async () => {
      for (const r of requests) {
        const res = await orgB.admin.api.call(r.method, r.path, r.body);
        if (res.status >= 400) failed++;
      }
    });

    table([
      {
        measure: `drain: ${MUTATIONS} queued offline, reconnect until the outbox is empty`,
        seconds: +drained.seconds.toFixed(2),
        'mutations/s': Math.round(MUTATIONS / drained.seconds),
        requests: `${pushes} pushes + ${pulls} pull page(s)`,
        left,
        rejected: rejected.length,
        duplicates,
        'peak RSS MB': Math.round(drained.peakRssMb),
      },
      {
        measure: `baseline: the same ${MUTATIONS} as one REST request each`,
        seconds: +baseline.seconds.toFixed(2),
        'mutations/s': Math.round(MUTATIONS / baseline.seconds),
        requests: `${requests.length}`,
        left: 0,
        rejected: failed,
        duplicates: 0,
        'peak RSS MB': Math.round(baseline.peakRssMb),
      },
    ]);
    console.log(
      `drain ${drainSeconds.toFixed(2)} s (server answering the pushes ${pushServer.toFixed(2)} s), pull ${pullSeconds.toFixed(2)} s (server ${pullServer.toFixed(2)} s); ` +
        `queueing the ${MUTATIONS} mutations offline took ${queued.seconds.toFixed(2)} s. Target: drain under 20 s, 0 duplicates.`,
    );
    if (rejected.length > 0)
      console.log(
        `rejected, e.g.: ${rejected
          .slice(0, 3)
          .map((r) => `${r.name}: ${r.message}`)
          .join('; ')}`,
      );
    await device.destroy();
  } finally {
    await server.stop({ drop: true });
  }
}
