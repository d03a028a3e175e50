import { nanoid } from 'nanoid';
import { ID_LENGTH } from '../../core/schema/common.ts';
import { settingRowId } from '../../core/schema/settings.ts';
import { userNameFields } from '../../core/schema/user.ts';
import type { Vehicle } from '../../core/schema/vehicle.ts';
import { purgeTombstones } from '../../server/sync/tombstones.ts';
import { rowKey } from '../../src/db/row-key.ts';
import { ApiError, OfflineError, SignInRequiredError } from '../../src/sync/errors.ts';
import type { Mutator } from '../../src/sync/mutator.ts';
import { createVehicle, createVehicleType, saveSetting, setCommission, updateProfile, updateUser, updateVehicle } from '../../src/data/mutators.ts';
import { takeShadows } from '../../src/sync/shadows.ts';
import { upgradeOutbox } from '../../src/sync/upgrade.ts';
import { Rng } from '../../core/testing/seeded-random.ts';
import type { SimDevice } from './sim-device.ts';
import type { Fault } from './sim-faults.ts';
import type { World } from './sim-world.ts';

/**
 * The operations of the simulation, drawn from a seed before anything runs (so a seed's list can be
 * printed and replayed), each with a sub-seed from which it draws its details against the state it
 * meets when it runs (which vehicle, which field, which value).
 */
export const OP_WEIGHTS = {
  edit: 14,
  commission: 3,
  setting: 6,
  profile: 3,
  userEdit: 5,
  oldAppEdit: 1,
  create: 3,
  createType: 1,
  badInput: 1,
  colleague: 3,
  note: 2,
  serverDelete: 2,
  purge: 1,
  purgeMidPull: 1,
  drain: 14,
  pull: 10,
  sync: 5,
  crash: 2,
  twoLeaders: 2,
  offline: 3,
  reset403: 1,
  reopen: 2,
} as const;
export type OpKind = keyof typeof OP_WEIGHTS;
export const OP_KINDS = Object.keys(OP_WEIGHTS) as OpKind[];

export interface Op {
  i: number;
  kind: OpKind;
  device: number;
  fault?: Fault | 'overlap' | 'after';
  sub: number;
}

const DEVICES = 4;
/** Devices of administrators (profile and user edits are theirs). */
const ADMIN_DEVICES = [0, 1, 2];
const ADMIN_KINDS = new Set<string>(['profile', 'userEdit', 'oldAppEdit']);

const DRAIN_FAULTS = { none: 6, lostRequest: 1, lostAnswer: 2, duplicate: 2, resend: 1, expiredToken: 1, expiresMidBatch: 2, routeFails: 1 } as const;
const PULL_FAULTS = { none: 5, lostRequest: 2, lostAnswer: 1, expiredToken: 1, duplicate: 1 } as const;
const SYNC_FAULTS = { none: 3, lostAnswer: 1, duplicate: 1, expiresMidBatch: 1 } as const;

/** The operations of a seed: a pure function of the seed, the count, the kinds allowed and the faults left out. */
export function generateOps(seed: number, count: number, weights: Partial<Record<OpKind, number>> = OP_WEIGHTS, skipFaults: ReadonlySet<string> = new Set()): Op[] {
  const rng = new Rng(seed);
  const ops: Op[] = [];
  for (let i = 0; i < count; i++) {
    const kind = rng.weighted(weights as Record<OpKind, number>);
    const device = ADMIN_KINDS.has(kind) ? rng.pick(ADMIN_DEVICES) : rng.int(0, DEVICES - 1);
    let fault: Op['fault'];
    if (kind === 'drain') fault = rng.weighted(DRAIN_FAULTS) as Op['fault'];
    else if (kind === 'pull') fault = rng.weighted(PULL_FAULTS) as Op['fault'];
    else if (kind === 'sync') fault = rng.weighted(SYNC_FAULTS) as Op['fault'];
    else if (kind === 'crash') fault = rng.pick(['overlap', 'after'] as const);
    const op: Op = { i, kind, device, sub: rng.int(0, 0x7fffffff) };
    if (fault && fault !== ('none' as string) && !skipFaults.has(fault)) op.fault = fault;
    ops.push(op);
  }
  return ops;
}

export function describeOp(op: Op): string {
  return `#${op.i} D${op.device} ${op.kind}${op.fault ? `:${op.fault}` : ''} (${op.sub})`;
}

/** The version of a mutator's arguments (absent: 1); the harness speaks both shapes of the user edits. */
const versionOf = (m: unknown): number => (m as { version?: number }).version ?? 1;

const STATUSES = ['valid', 'warning', 'invalid', 'inMx'] as const;
const ROLES = ['dispatcher', 'jrSuper', 'sectionLead', 'vco'] as const;
const EDIT_FIELDS = ['regNumber', 'hours', 'miles', 'status', 'sectionId', 'workflowId', 'make', 'model', 'year', 'wrm', 'vehicleType'] as const;
const SETTING_FIELDS = ['fleetDetailFilter', 'fleetDetailColumnsState', 'userAdminFilter'] as const;

/** Runs one operation; what it resolved to goes to the world's log. Errors a fault explains are logged, others too (the checks decide). */
export class OpRunner {
  constructor(private readonly world: World) {}

  private log(op: Op, line: string): void {
    this.world.log.push(`#${op.i} D${op.device} ${line}`);
  }

  private async record<A>(op: Op, d: SimDevice, mutator: Mutator<A>, args: A, meant: Record<string, unknown>, what: string): Promise<boolean> {
    try {
      const entry = await d.mutate(mutator, args);
      this.world.ledger.push({ id: entry.id, op: op.i, device: d.label, userId: d.user.userId, clientId: d.clientId, name: mutator.name, args, meant, what });
      this.log(op, `${mutator.name} ${what} → ${entry.id}`);
      return true;
    } catch (error) {
      this.log(op, `${mutator.name} ${what} refused on the device: ${error instanceof Error ? error.message : String(error)}`);
      return false;
    }
  }

  private pickVehicle(r: Rng): string {
    return this.world.vehicleIds[r.int(0, this.world.vehicleIds.length - 1)]!;
  }

  private async typeNames(d: SimDevice): Promise<string[]> {
    return (await d.db.feed('vehicleTypes').toArray()).map((t) => t.vehicleType).sort();
  }

  /** A vehicle edit of 1-2 fields, each to a value other than the one the device shows; only changed fields are sent. */
  private async editVehicle(op: Op, d: SimDevice, r: Rng, vehicleId: string): Promise<void> {
    const row = (await d.db.feed('vehicles').get(vehicleId)) as Vehicle | undefined;
    const fields = new Set<(typeof EDIT_FIELDS)[number]>([r.pick(EDIT_FIELDS)]);
    if (r.chance(0.4)) fields.add(r.pick(EDIT_FIELDS));
    if (!row) {
      this.log(op, `edit ${vehicleId}: not on this device, skipped`);
      return;
    }
    const changes: Record<string, unknown> = {};
    const meant: Record<string, unknown> = {};
    const key = (f: string) => `vehicles/${vehicleId}/${f}`;
    const types = await this.typeNames(d);
    for (const f of fields) {
      switch (f) {
        case 'regNumber':
          changes.regNumber = `R${r.word(6)}`;
          meant[key('regNumber')] = changes.regNumber;
          break;
        case 'hours':
        case 'miles': {
          const current = f === 'hours' ? row.lastReportedHours : row.lastReportedMileage;
          let v = r.int(1, 99_999);
          if (v === current) v++;
          changes[f] = v;
          meant[key(f === 'hours' ? 'lastReportedHours' : 'lastReportedMileage')] = v;
          break;
        }
        case 'status': {
          const current = row.status[0]?.status ?? 'valid';
          changes.status = r.pick(STATUSES.filter((s) => s !== current));
          meant[key('status')] = changes.status;
          break;
        }
        case 'sectionId': {
          const other = this.world.sectionIds.filter((s) => s !== row.sectionId);
          changes.sectionId = r.pick(other);
          meant[key('sectionId')] = changes.sectionId;
          break;
        }
        case 'workflowId': {
          const other = this.world.workflowIds.filter((w) => w !== row.workflowId);
          changes.workflowId = r.pick(other);
          meant[key('workflowId')] = changes.workflowId;
          break;
        }
        case 'make':
        case 'model':
          changes[f] = `${f === 'make' ? 'M' : 'X'}${r.word(4)}`;
          meant[key(f)] = changes[f];
          break;
        case 'year': {
          let y = r.int(1990, 2030);
          if (y === row.year) y++;
          changes.year = y;
          meant[key('year')] = y;
          break;
        }
        case 'wrm':
          changes.wrm = !row.wrm;
          meant[key('wrm')] = changes.wrm;
          break;
        case 'vehicleType': {
          const other = types.filter((t) => t !== row.vehicleType);
          if (other.length === 0) break;
          changes.vehicleType = r.pick(other);
          meant[key('vehicleType')] = changes.vehicleType;
          break;
        }
      }
    }
    if (Object.keys(changes).length === 0) return this.log(op, `edit ${vehicleId}: nothing to change`);
    await this.record(op, d, updateVehicle, { vehicleId, changes, userId: d.user.userId }, meant, `${vehicleId} ${JSON.stringify(changes)}`);
  }

  async run(op: Op): Promise<void> {
    const world = this.world;
    const d = world.devices[op.device]!;
    const r = new Rng(op.sub);
    switch (op.kind) {
      case 'edit':
        return this.editVehicle(op, d, r, this.pickVehicle(r));

      case 'commission': {
        const vehicleId = this.pickVehicle(r);
        const row = await d.db.feed('vehicles').get(vehicleId);
        if (!row) return this.log(op, `commission ${vehicleId}: not on this device, skipped`);
        const decommissioned = row.decommissionDate === null;
        await this.record(
          op,
          d,
          setCommission,
          { vehicleId, decommissioned },
          { [`vehicles/${vehicleId}/decommissioned`]: decommissioned },
          `${vehicleId} decommissioned=${decommissioned}`,
        );
        return;
      }

      case 'setting':
      case 'badInput': {
        const field = r.pick(SETTING_FIELDS);
        let value: unknown = { n: r.int(0, 1_000_000), w: r.word(4) };
        let what = JSON.stringify(value);
        if (op.kind === 'badInput') {
          const variant = r.pick(['nul', 'surrogate', 'deep'] as const);
          what = `bad input: ${variant}`;
          if (variant === 'nul') value = { text: `bad\u0000view ${r.word(3)}` };
          else if (variant === 'surrogate') value = { text: `bad\ud800view ${r.word(3)}` };
          else {
            let deep: unknown = r.word(3);
            for (let i = 0; i < 200; i++) deep = [deep];
            value = deep;
          }
        }
        const rowId = settingRowId(d.user.userId, field);
        await this.record(
          op,
          d,
          saveSetting,
          { userId: d.user.userId, values: { [field]: value } },
          { [`userSettings/${rowId}/value`]: value },
          `${field} = ${what}`,
        );
        return;
      }

      case 'profile': {
        const uid = d.user.userId;
        const row = await d.db.feed('users').get(uid);
        if (!row) return this.log(op, 'profile: own user not on this device, skipped');
        const which = r.int(0, 2);
        const changes: { firstName?: string; lastName?: string } = {};
        if (which !== 1) changes.firstName = `F${r.word(5)}`;
        if (which !== 0) changes.lastName = `L${r.word(5)}`;
        const meant = Object.fromEntries(Object.entries(changes).map(([f, v]) => [`users/${uid}/${f}`, v]));
        const args =
          versionOf(updateProfile) >= 2
            ? { userId: uid, changes }
            : { userId: uid, firstName: changes.firstName ?? row.firstName, lastName: changes.lastName ?? row.lastName };
        await this.record(op, d, updateProfile as Mutator<unknown>, args, meant, `${uid} ${JSON.stringify(changes)}`);
        return;
      }

      case 'userEdit':
      case 'oldAppEdit': {
        const pool = [...world.targets, ...world.users];
        const target = r.pick(pool);
        const isTarget = world.targets.includes(target);
        const row = await d.db.feed('users').get(target.userId);
        const field = isTarget ? r.pick(['firstName', 'lastName', 'role', 'active', 'isAdmin'] as const) : r.pick(['firstName', 'lastName'] as const);
        if (!row) return this.log(op, `${op.kind} ${target.label}: not on this device, skipped`);
        let value: unknown;
        if (field === 'firstName' || field === 'lastName') value = `${field === 'firstName' ? 'F' : 'L'}${r.word(5)}`;
        else if (field === 'role') value = r.pick(ROLES.filter((x) => x !== row.role));
        else value = !row[field];
        const changes = { [field]: value };
        // What the first version of updateUser stored and sent: every field of the dialog.
        const whole = {
          userId: target.userId,
          orgId: world.orgId,
          firstName: row.firstName,
          lastName: row.lastName,
          role: row.role,
          sectionId: row.sectionId,
          active: row.active,
          isAdmin: row.isAdmin,
          ...changes,
        };
        const meant = { [`users/${target.userId}/${field}`]: value };
        const what = `${target.label} ${field}=${String(value)}`;
        if (op.kind === 'oldAppEdit' && versionOf(updateUser) >= 2) return this.oldAppEntry(op, d, whole, meant, what);
        const args = versionOf(updateUser) >= 2 ? { userId: target.userId, orgId: world.orgId, changes } : whole;
        await this.record(op, d, updateUser as Mutator<unknown>, args, meant, what);
        return;
      }

      case 'create': {
        const vehicleId = nanoid();
        const types = await this.typeNames(d);
        const newType = types.length === 0 || r.chance(0.25);
        const vehicleType = newType ? `Type ${r.word(4)}` : r.pick(types);
        const args = {
          vehicleId,
          orgId: world.orgId,
          regNumber: `N${r.word(6)}`,
          vehicleType,
          newVehicleTypeId: newType ? nanoid() : null,
          sectionId: r.pick(world.sectionIds),
          workflowId: r.pick(world.workflowIds),
          wrm: false,
        };
        const k = (f: string) => `vehicles/${vehicleId}/${f}`;
        const meant = {
          [k('regNumber')]: args.regNumber,
          [k('vehicleType')]: vehicleType,
          [k('sectionId')]: args.sectionId,
          [k('workflowId')]: args.workflowId,
          [k('status')]: 'valid',
          [k('decommissioned')]: false,
        };
        world.vehicleIds.push(vehicleId);
        if (!(await this.record(op, d, createVehicle, args, meant, `${vehicleId} ${args.regNumber} ${vehicleType}`))) return;
        // Edited at once, before any sync: the edits depend on the create.
        const edits = r.int(0, 2);
        for (let i = 0; i < edits; i++) await this.editVehicle(op, d, r, vehicleId);
        if (r.chance(0.15)) {
          await this.record(op, d, setCommission, { vehicleId, decommissioned: true }, { [k('decommissioned')]: true }, `${vehicleId} decommissioned=true`);
        }
        return;
      }

      case 'createType': {
        const vehicleTypeId = nanoid();
        const vehicleType = `Kind ${r.word(4)}`;
        await this.record(op, d, createVehicleType, { vehicleTypeId, vehicleType }, { [`vehicleTypes/${vehicleTypeId}/vehicleType`]: vehicleType }, vehicleType);
        return;
      }

      case 'colleague': {
        const vehicleId = this.pickVehicle(r);
        const current = await world.serverVehicle(vehicleId);
        if (!current) return this.log(op, `colleague ${vehicleId}: not on the server, skipped`);
        const changes: Record<string, unknown> = {};
        const meant: Record<string, unknown> = {};
        if (r.chance(0.5)) {
          changes.status = r.pick(STATUSES.filter((s) => s !== current.status));
          meant[`vehicles/${vehicleId}/status`] = changes.status;
        } else {
          let v = r.int(1, 99_999);
          if (v === current.lastReportedHours) v++;
          changes.hours = v;
          meant[`vehicles/${vehicleId}/lastReportedHours`] = v;
        }
        const res = await world.colleague.patch(`/data/v2/vehicles/${vehicleId}`, changes);
        if (res.status !== 200) return this.log(op, `colleague PATCH ${vehicleId} ${JSON.stringify(changes)} → ${res.status} ${JSON.stringify(res.body)}`);
        const rev = await world.clockRev();
        world.direct.push({ rev, op: op.i, what: `colleague ${vehicleId} ${JSON.stringify(changes)}`, meant, vehicleChanges: { vehicleId, changes } });
        return this.log(op, `colleague PATCH ${vehicleId} ${JSON.stringify(changes)} at rev ${rev}`);
      }

      case 'note': {
        const count = r.int(1, 3);
        for (let i = 0; i < count; i++) await this.addNote(op, r, this.pickVehicle(r));
        return;
      }

      case 'purgeMidPull': {
        // A purge while a device is part-way through the tombstones of one revision.
        if (!d.network.online) return this.log(op, 'purgeMidPull: device offline, skipped');
        const vehicleId = world.vehicleIds.find((id) => !world.deletedVehicles.has(id))!;
        await this.pull(op, d, 1000);
        const noteIds: string[] = [];
        for (let i = 0; i < 3; i++) {
          const id = await this.addNote(op, r, vehicleId);
          if (id) noteIds.push(id);
        }
        await this.pull(op, d, 1000);
        const rev = await world.deleteOnServer(op.i, noteIds, []);
        this.log(op, `server deletes ${noteIds.length} notes at rev ${rev}`);
        d.network.arm({ fault: 'lostRequest', kind: 'pull', skip: 1 });
        await this.pull(op, d, 1);
        d.network.disarm();
        const purged = await purgeTombstones(world.server.ctx, new Date(Date.now() + 7 * 24 * 60 * 60 * 1000));
        return this.log(op, `purge: ${purged} tombstone(s) purged while the device's cursor is inside revision ${rev}`);
      }

      case 'serverDelete': {
        const live = world.noteIds.filter((id) => !world.deletedNotes.has(id));
        const noteIds: string[] = [];
        const count = Math.min(live.length, r.int(1, 3));
        while (noteIds.length < count) {
          const id = r.pick(live);
          if (!noteIds.includes(id)) noteIds.push(id);
        }
        const vehicleIds: string[] = [];
        if (r.chance(0.2)) {
          const vehicleId = this.pickVehicle(r);
          if (!world.deletedVehicles.has(vehicleId) && (await world.serverVehicle(vehicleId))) vehicleIds.push(vehicleId);
        }
        if (noteIds.length + vehicleIds.length === 0) return this.log(op, 'serverDelete: nothing to delete');
        const rev = await world.deleteOnServer(op.i, noteIds, vehicleIds);
        return this.log(op, `server deletes ${noteIds.length} note(s) ${vehicleIds.length ? `and vehicle ${vehicleIds[0]} ` : ''}at rev ${rev}`);
      }

      case 'purge': {
        const purged = await purgeTombstones(world.server.ctx, new Date(Date.now() + 7 * 24 * 60 * 60 * 1000));
        return this.log(op, `purge: ${purged} tombstone(s) purged, horizon raised`);
      }

      case 'drain': {
        if (op.fault) d.network.arm({ fault: op.fault as Fault, kind: 'push', skip: 0, after: r.int(0, 1) });
        await d.drain.wake({ force: true });
        const unused = d.network.disarm();
        return this.log(op, `drain${op.fault ? ` with ${op.fault}${unused ? ' (nothing sent)' : ''}` : ''}: ${await this.outboxSummary(d)}`);
      }

      case 'pull': {
        const limit = r.pick([2, 7, 1000]);
        if (op.fault) d.network.arm({ fault: op.fault as Fault, kind: 'pull', skip: r.int(0, 2) });
        await this.pull(op, d, limit);
        d.network.disarm();
        return;
      }

      case 'sync': {
        const limit = r.pick([3, 1000]);
        if (op.fault) d.network.arm({ fault: op.fault as Fault, kind: op.fault === 'expiresMidBatch' ? 'push' : 'any', skip: 0, after: 0 });
        await Promise.all([d.drain.wake({ force: true }), this.pull(op, d, limit)]);
        d.network.disarm();
        return this.log(op, `sync: ${await this.outboxSummary(d)}`);
      }

      case 'crash': {
        d.network.arm({ fault: 'crash', kind: 'push', skip: 0 });
        const crashed = d.network.whenCrashed().then(() => 'crashed' as const);
        const outcome = await Promise.race([d.drain.wake({ force: true }).then(() => 'idle' as const), crashed]);
        d.network.disarm();
        if (outcome === 'idle') return this.log(op, 'crash: nothing to send, the tab lives');
        if (op.fault === 'overlap') {
          // The new tab pushes the same entries while the server may still apply the dead tab's push.
          d.replaceDrain();
          await Promise.all([d.drain.wake({ force: true }), d.network.settle()]);
        } else {
          await d.network.settle();
          d.replaceDrain();
          await d.drain.wake({ force: true });
        }
        return this.log(op, `crash mid-push (${op.fault}), new tab drained: ${await this.outboxSummary(d)}`);
      }

      case 'twoLeaders': {
        const second = d.newDrain();
        await Promise.all([d.drain.wake({ force: true }), second.wake({ force: true })]);
        second.stop();
        return this.log(op, `two leaders drained: ${await this.outboxSummary(d)}`);
      }

      case 'offline':
        d.network.online = !d.network.online;
        return this.log(op, d.network.online ? 'back online' : 'offline');

      case 'reset403': {
        await d.resetAfterForbidden();
        this.log(op, '403: mirror reset, app reloaded');
        if (r.chance(0.7)) await this.pull(op, d, 1000);
        return;
      }

      case 'reopen':
        await d.reopen();
        return this.log(op, 'mirror closed and opened again');
    }
  }

  /**
   * A mirror upgrade with old stored arguments: the entry an app of updateUser's first version left in
   * the outbox (the whole record as arguments and body, no argument version), then the app updated: the
   * mirror opens again and the leader upgrades the outbox (src/sync/upgrade.ts) before sending.
   */
  private async oldAppEntry(op: Op, d: SimDevice, whole: Record<string, unknown>, meant: Record<string, unknown>, what: string): Promise<void> {
    const id = nanoid(ID_LENGTH);
    const userId = whole.userId as string;
    const key = rowKey('users', userId);
    await d.db.transaction('rw', [d.db.feed('users'), d.db.outbox, d.db.shadows], async () => {
      await takeShadows(d.db, [key]);
      const { firstName, lastName, role, sectionId, active, isAdmin } = whole as { firstName: string; lastName: string } & Record<string, unknown>;
      await d.db.feed('users').update(userId, { role, sectionId, active, isAdmin, ...userNameFields(firstName, lastName) } as never);
      await d.db.outbox.add({
        id,
        name: 'updateUser',
        args: whole,
        request: { method: 'PATCH', path: `/auth/users/${encodeURIComponent(userId)}`, body: whole },
        state: 'pending',
        touches: [key],
        createdAt: new Date().toISOString(),
      });
    });
    this.world.ledger.push({
      id,
      op: op.i,
      device: d.label,
      userId: d.user.userId,
      clientId: d.clientId,
      name: 'updateUser',
      args: whole,
      meant,
      what: `(stored by the old app) ${what}`,
    });
    await d.reopen();
    await upgradeOutbox(d.db, d.ctx);
    const entry = await d.db.outbox.where('id').equals(id).first();
    this.log(
      op,
      `updateUser ${what} stored by the old app → ${id}; after the upgrade: ${entry ? `v${entry.v ?? 1} body ${JSON.stringify(entry.request.body)}` : 'set aside'}`,
    );
  }

  /** A colleague adds a note online (REST); its id, or null if refused. */
  private async addNote(op: Op, r: Rng, vehicleId: string): Promise<string | null> {
    const world = this.world;
    const res = await world.colleague.post(`/data/v1/vehicles/${vehicleId}/notes`, { note: `Note ${r.word(5)}` });
    if (res.status !== 201) {
      this.log(op, `note on ${vehicleId} → ${res.status}`);
      return null;
    }
    const rev = await world.clockRev();
    const noteId = (res.body as { noteId: string }).noteId;
    world.noteIds.push(noteId);
    world.direct.push({ rev, op: op.i, what: `note on ${vehicleId}`, meant: {} });
    this.log(op, `note ${noteId} on ${vehicleId} at rev ${rev}`);
    return noteId;
  }

  private async pull(op: Op, d: SimDevice, limit: number): Promise<void> {
    try {
      const result = await d.pull(limit);
      this.log(op, `pull (limit ${limit}): ${result.pages} page(s), ${result.written} written${result.reset ? ', RESET' : ''}`);
    } catch (error) {
      const expected = error instanceof OfflineError || error instanceof SignInRequiredError || (error instanceof ApiError && error.status === 401);
      const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
      this.log(op, `pull (limit ${limit}) failed: ${message}`);
      if (!expected) this.world.unexpected.push(`#${op.i} D${op.device} pull threw ${message}`);
    }
  }

  private async outboxSummary(d: SimDevice): Promise<string> {
    const entries = await d.outbox();
    const by = new Map<string, number>();
    for (const e of entries) by.set(e.state, (by.get(e.state) ?? 0) + 1);
    const rejected = await d.db.rejected.count();
    return `outbox ${[...by].map(([s, n]) => `${n} ${s}`).join(', ') || 'empty'}; rejected ${rejected}${d.status.lastError ? `; last error: ${d.status.lastError}` : ''}`;
  }
}
