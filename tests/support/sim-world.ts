import { and, eq, inArray, isNull } from 'drizzle-orm';
import { nanoid } from 'nanoid';
import { notes, orgClocks, sections, vehicles, workflows } from '../../server/db/schema/index.ts';
import { randomWorkflowId } from '../../core/schema/workflow.ts';
import { apiClient } from './api.ts';
import { createOrg, createUser } from './factories.ts';
import type { TestServer } from './server.ts';
import { signedInUser } from './session.ts';
import { SimDevice, type MadeMutation, type SimUser } from './sim-device.ts';
import { PushFaults } from './sim-faults.ts';

/** A write the simulation made on the server itself (a colleague online, a server-side delete). */
export interface DirectWrite {
  rev: number;
  op: number;
  what: string;
  /** Fields it set, keyed `table/id/field`, like MadeMutation.meant. */
  meant: Record<string, unknown>;
  /** Vehicles it created (with their first history rows) or deleted. */
  deletedVehicles?: string[];
  /** A vehicle edit made through REST, for the history model. */
  vehicleChanges?: { vehicleId: string; changes: Record<string, unknown> };
}

/**
 * One seed's world: its own organization on the shared server, with two sections, two workflows,
 * three vehicles made through the API, four signed-in users and their devices:
 *
 * - D0, D1: admin A (vco, administrator) on two devices;
 * - D2: admin B (sectionLead, administrator);
 * - D3: a junior supervisor;
 *
 * and two more users (T1, T2) whom the administrators edit. The junior supervisor also acts online
 * as a colleague through plain REST calls. Everything made is recorded in the ledger.
 */
export class World {
  readonly ledger: MadeMutation[] = [];
  readonly direct: DirectWrite[] = [];
  /** Vehicles in the order they were made (setup first), so an operation can name one by index. */
  readonly vehicleIds: string[] = [];
  /** Vehicles made at setup, with their first history rows. */
  readonly setupVehicles: { vehicleId: string; regNumber: string; sectionId: string; workflowId: number }[] = [];
  readonly deletedVehicles = new Set<string>();
  readonly noteIds: string[] = [];
  readonly deletedNotes = new Set<string>();
  /** Execution log: what each operation resolved to and what happened. */
  readonly log: string[] = [];
  /** Errors no injected fault explains, met while the operations ran. */
  readonly unexpected: string[] = [];
  setupRev = 0;

  private constructor(
    readonly server: TestServer,
    readonly pushFaults: PushFaults,
    readonly orgId: string,
    readonly sectionIds: string[],
    readonly workflowIds: number[],
    readonly users: SimUser[],
    readonly targets: SimUser[],
    readonly devices: SimDevice[],
    readonly colleague: ReturnType<typeof apiClient>,
  ) {}

  static async create(server: TestServer, pushFaults: PushFaults): Promise<World> {
    const { ctx } = server;
    const { orgId, sectionId } = await createOrg(ctx);
    const section2 = nanoid();
    const workflowIds = [randomWorkflowId(), randomWorkflowId()];
    await ctx.write(orgId, undefined, async ({ tx, rev }) => {
      await tx.insert(sections).values({ id: section2, orgId, rev, name: 'Bravo' });
      for (const [i, id] of workflowIds.entries()) await tx.insert(workflows).values({ id: String(id), orgId, rev, title: `Daily ${i + 1}`, active: true });
    });
    const sectionIds = [sectionId, section2];

    const specs = [
      { label: 'A', role: 'vco', isAdmin: true },
      { label: 'B', role: 'sectionLead', isAdmin: true },
      { label: 'S', role: 'jrSuper', isAdmin: false },
    ] as const;
    const signed = await Promise.all(
      specs.map((s) => signedInUser(server, orgId, sectionId, { role: s.role, isAdmin: s.isAdmin, firstName: 'Sim', lastName: s.label })),
    );
    const users: SimUser[] = specs.map((s, i) => ({
      label: s.label,
      userId: signed[i]!.userId,
      email: signed[i]!.email,
      password: signed[i]!.password,
      orgId,
      role: s.role,
      isAdmin: s.isAdmin,
    }));
    const targets: SimUser[] = [];
    for (const [i, role] of (['dispatcher', 'jrSuper'] as const).entries()) {
      const t = await createUser(ctx, orgId, sectionId, { role, firstName: 'Target', lastName: `T${i + 1}` });
      targets.push({ label: `T${i + 1}`, userId: t.userId, email: t.email, password: t.password, orgId, role, isAdmin: false });
    }

    const admin = signed[0]!;
    const made: World['setupVehicles'] = [];
    for (let i = 0; i < 3; i++) {
      const regNumber = `SET-${nanoid(6)
        .replace(/[^A-Za-z0-9]/g, 'Q')
        .toUpperCase()}`;
      const res = await admin.api.post('/data/v1/vehicles', { regNumber, vehicleType: 'Truck', sectionId, workflowId: workflowIds[0] });
      if (res.status !== 201) throw new Error(`setup: vehicle not created: ${res.status} ${JSON.stringify(res.body)}`);
      made.push({ vehicleId: (res.body as { vehicleId: string }).vehicleId, regNumber, sectionId, workflowId: workflowIds[0]! });
    }

    const pushFaultsOf = pushFaults;
    const [a, b, s] = users as [SimUser, SimUser, SimUser];
    const devices = [
      await SimDevice.open('D0', a, server.baseUrl, pushFaultsOf, signed[0]!.tokens),
      // The same user's second device; it borrows the first one's session (a sign-in costs a password hash check).
      await SimDevice.open('D1', a, server.baseUrl, pushFaultsOf, signed[0]!.tokens),
      await SimDevice.open('D2', b, server.baseUrl, pushFaultsOf, signed[1]!.tokens),
      await SimDevice.open('D3', s, server.baseUrl, pushFaultsOf, signed[2]!.tokens),
    ];
    const world = new World(server, pushFaults, orgId, sectionIds, workflowIds, users, targets, devices, signed[2]!.api);
    world.setupVehicles.push(...made);
    world.vehicleIds.push(...made.map((v) => v.vehicleId));
    world.setupRev = await world.clockRev();
    for (const d of devices) await d.pull();
    return world;
  }

  async clockRev(): Promise<number> {
    const [row] = await this.server.ctx.db.select({ rev: orgClocks.rev }).from(orgClocks).where(eq(orgClocks.orgId, this.orgId));
    return Number(row?.rev ?? 0);
  }

  /** The server's current copy of a vehicle (null once deleted). */
  async serverVehicle(vehicleId: string) {
    const [row] = await this.server.ctx.db
      .select()
      .from(vehicles)
      .where(and(eq(vehicles.orgId, this.orgId), eq(vehicles.id, vehicleId), isNull(vehicles.deletedAt)));
    return row ?? null;
  }

  /** A server-side delete (an administrator's tool, a retention job): tombstones in one revision. */
  async deleteOnServer(op: number, noteIds: string[], vehicleIds: string[]): Promise<number> {
    const { rev } = await this.server.ctx.write(this.orgId, undefined, async ({ tx, rev, now }) => {
      if (noteIds.length > 0)
        await tx
          .update(notes)
          .set({ deletedAt: now, rev, updatedAt: now })
          .where(and(eq(notes.orgId, this.orgId), inArray(notes.id, noteIds)));
      if (vehicleIds.length > 0)
        await tx
          .update(vehicles)
          .set({ deletedAt: now, rev, updatedAt: now })
          .where(and(eq(vehicles.orgId, this.orgId), inArray(vehicles.id, vehicleIds)));
    });
    for (const id of noteIds) this.deletedNotes.add(id);
    for (const id of vehicleIds) this.deletedVehicles.add(id);
    this.direct.push({ rev, op, what: `server deletes notes [${noteIds.length}] vehicles [${vehicleIds.join(',')}]`, meant: {}, deletedVehicles: vehicleIds });
    return rev;
  }

  /** Waits for every device's requests still running on the server. */
  async settleNetwork(): Promise<void> {
    for (const d of this.devices) await d.network.settle();
  }

  async destroy(): Promise<void> {
    for (const d of this.devices) await d.destroy();
  }
}
