import { eq } from 'drizzle-orm';
import { FEED_NAMES } from '../../core/schema/feeds.ts';
import { syncMutations, vehicleManagement, vehicleStatuses } from '../../server/db/schema/index.ts';
import type { MirrorDb } from '../../src/db/mirror.ts';
import { TEST_PASSWORD } from './factories.ts';
import { freshMirror, type SimDevice } from './sim-device.ts';
import type { World } from './sim-world.ts';

/** Rounds of drain + pull on every device before a non-empty outbox counts as stuck. */
const SETTLE_ROUNDS = 12;

const stable = (value: unknown): string =>
  JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : 1))) : v,
  );

const short = (value: unknown, max = 160): string => {
  const text = stable(value) ?? String(value);
  return text.length > max ? `${text.slice(0, max)}…` : text;
};

/**
 * Faults off: every device drains and pulls until its outbox is empty and then pulls once more, so
 * each has the others' last changes. Returns the violations (an outbox that never empties).
 */
export async function settle(world: World): Promise<string[]> {
  for (const d of world.devices) {
    d.network.disarm();
    d.network.online = true;
  }
  await world.settleNetwork();
  const violations: string[] = [];
  let rounds = 0;
  let last = '';
  let same = 0;
  for (; rounds < SETTLE_ROUNDS; rounds++) {
    for (const d of world.devices) {
      await d.drain.wake({ force: true });
      await d.pull().catch((error: unknown) => world.unexpected.push(`settle: ${d.label} pull threw ${error instanceof Error ? error.message : String(error)}`));
    }
    await world.settleNetwork();
    const outboxes = await Promise.all(world.devices.map((d) => d.outbox()));
    if (outboxes.every((o) => o.length === 0)) break;
    // Three rounds that change nothing: the outbox is stuck, more rounds would not help.
    const now = stable(outboxes.map((o) => o.map((e) => [e.id, e.state])));
    same = now === last ? same + 1 : 0;
    last = now;
    if (same >= 3) break;
  }
  for (const d of world.devices) {
    await d.pull().catch((error: unknown) => world.unexpected.push(`settle: ${d.label} last pull threw ${error instanceof Error ? error.message : String(error)}`));
    const entries = await d.outbox();
    if (entries.length > 0) {
      violations.push(
        `stuck outbox: ${d.label} keeps ${entries.length} entr${entries.length === 1 ? 'y' : 'ies'} after ${rounds + 1} rounds of drain and pull without faults: ` +
          entries
            .slice(0, 4)
            .map((e) => `${e.id} ${e.name} ${e.state}${e.lastError ? ` (${e.lastError})` : ''}`)
            .join('; ') +
          (d.status.lastError ? `; drain's last error: ${d.status.lastError}` : ''),
      );
    }
  }
  return violations;
}

/** Every table of a mirror, rows by primary key, read in one transaction. */
async function readAll(db: MirrorDb): Promise<Map<string, Map<string, unknown>>> {
  const all = new Map<string, Map<string, unknown>>();
  await db.transaction('r', db.tables, async () => {
    for (const table of db.tables) {
      const keys = (await table.toCollection().primaryKeys()) as unknown[];
      const rows = await table.toArray();
      all.set(table.name, new Map(rows.map((r, i) => [String(keys[i]), r as unknown])));
    }
  });
  return all;
}

/** The first field where two rows differ, for the report. */
function firstDifference(a: Record<string, unknown>, b: Record<string, unknown>): string {
  for (const k of [...new Set([...Object.keys(a), ...Object.keys(b)])].sort()) {
    if (stable(a[k]) !== stable(b[k])) return `${k}: device ${short(a[k], 80)} vs fresh ${short(b[k], 80)}`;
  }
  return '(same fields, different order)';
}

const TRANSIENT_MESSAGE = /token|sign in|session|network|reach|offline|in time|connection|fetch failed|retry/i;
const isTransientStatus = (s: number) => s === 401 || s === 408 || s === 429 || s >= 500;

interface Write {
  rev: number;
  what: string;
  /** Rows the write changed, `table/id`. */
  touches: string[];
  meant: Record<string, unknown>;
  /** For the vehicle history model. */
  create?: { vehicleId: string; sectionId: unknown; workflowId: unknown; vehicleType: unknown; wrm: unknown; eolDate: unknown };
  update?: { vehicleId: string; changes: Record<string, unknown> };
}

/** The rows (`table/id`) of meant fields. */
const rowsOf = (meant: Record<string, unknown>): string[] => [...new Set(Object.keys(meant).map((k) => k.split('/').slice(0, 2).join('/')))];

/** Reads the value a `table/id/field` key names from a mirror row. */
function valueOf(row: Record<string, unknown>, table: string, field: string): unknown {
  if (table === 'vehicles' && field === 'status') return (row.status as { status: string }[] | undefined)?.[0]?.status;
  if (table === 'vehicles' && field === 'decommissioned') return row.decommissionDate !== null && row.decommissionDate !== undefined;
  return row[field];
}

/**
 * The checks after settling: each device's mirror equals a fresh pull, outboxes and shadows are
 * empty, each mutation ended applied or rejected (never both, never neither), nothing applied twice,
 * no refusal for a transient cause, every field holds the last applied change meant for it, and no
 * password is in IndexedDB.
 */
export async function check(world: World): Promise<string[]> {
  const v: string[] = [...world.unexpected.map((u) => `unexpected error: ${u}`)];
  const { db } = world.server.ctx;

  // Every device's mirror equals a fresh pull of the same user.
  const fresh = new Map<string, SimDevice>();
  try {
    for (const d of world.devices) {
      if (!fresh.has(d.user.userId)) fresh.set(d.user.userId, await freshMirror(d, world.server.baseUrl, world.pushFaults));
    }
    const contents = new Map<SimDevice, Map<string, Map<string, unknown>>>();
    for (const d of [...world.devices, ...fresh.values()]) contents.set(d, await readAll(d.db));
    for (const d of world.devices) {
      const mineAll = contents.get(d)!;
      const theirsAll = contents.get(fresh.get(d.user.userId)!)!;
      for (const feed of FEED_NAMES) {
        const mine = mineAll.get(feed)!;
        const theirs = theirsAll.get(feed)!;
        const problems: string[] = [];
        for (const [id, row] of theirs) {
          const own = mine.get(id);
          if (!own) problems.push(`missing ${id}`);
          else if (stable(own) !== stable(row)) problems.push(`${id} differs (${firstDifference(own as Record<string, unknown>, row as Record<string, unknown>)})`);
        }
        for (const id of mine.keys()) if (!theirs.has(id)) problems.push(`extra ${id} (${short(mine.get(id), 100)})`);
        if (problems.length > 0)
          v.push(`mirror ≠ fresh pull: ${d.label} ${feed}: ${problems.slice(0, 3).join('; ')}${problems.length > 3 ? ` and ${problems.length - 3} more` : ''}`);
      }
      const shadows = [...mineAll.get('shadows')!.keys()];
      if (shadows.length > 0) v.push(`leftover shadows: ${d.label} keeps ${shadows.length} shadow(s) with an empty outbox: ${shadows.slice(0, 3).join(', ')}`);
    }

    // No password anywhere in IndexedDB.
    for (const [d, tables] of contents) {
      for (const [name, rows] of tables) {
        if ([...rows.values()].some((r) => JSON.stringify(r)?.includes(TEST_PASSWORD))) v.push(`password at rest: ${d.label} table ${name}`);
      }
    }

    // Each mutation ended applied or rejected; refusals for transient causes are never recorded.
    const records = await db.select().from(syncMutations).where(eq(syncMutations.orgId, world.orgId));
    const byKey = new Map(records.map((r) => [`${r.clientId} ${r.mutationId}`, r]));
    const deviceOf = new Map(world.devices.map((d) => [d.label, d]));
    for (const m of world.ledger) {
      const rec = byKey.get(`${m.clientId} ${m.id}`);
      const rejected = await deviceOf.get(m.device)!.db.rejected.get(m.id);
      const applied = rec !== undefined && rec.status < 400;
      if (rejected && applied)
        v.push(
          `applied but listed as rejected: ${m.device} #${m.op} ${m.name} ${m.what}: server ${rec.status} rev ${rec.rev}, device "${rejected.message}" (${rejected.httpStatus})`,
        );
      if (!rejected && !applied)
        v.push(
          `lost: ${m.device} #${m.op} ${m.name} ${m.what}: neither applied (server: ${rec ? `${rec.status} ${short(rec.response, 100)}` : 'no record'}) nor listed as rejected`,
        );
      if (rejected && (isTransientStatus(rejected.httpStatus) || TRANSIENT_MESSAGE.test(rejected.message))) {
        v.push(`refused for a transient cause: ${m.device} #${m.op} ${m.name} ${m.what}: ${rejected.httpStatus} "${rejected.message}"`);
      }
    }
    for (const rec of records) {
      if (isTransientStatus(rec.status))
        v.push(`server recorded a transient refusal for good: mutation ${rec.mutationId} status ${rec.status} ${short(rec.response, 120)}`);
    }

    // The writes the server committed, in commit (revision) order.
    const ledgerByKey = new Map(world.ledger.map((m) => [`${m.clientId} ${m.id}`, m]));
    const writes: Write[] = [];
    for (const rec of records) {
      if (rec.status >= 400 || rec.rev === null) continue;
      const m = ledgerByKey.get(`${rec.clientId} ${rec.mutationId}`);
      if (!m) {
        v.push(`server applied a mutation no device made: ${rec.clientId} ${rec.mutationId}`);
        continue;
      }
      const args = m.args as Record<string, unknown>;
      const w: Write = { rev: Number(rec.rev), what: `${m.device} #${m.op} ${m.name} ${m.what}`, meant: m.meant, touches: rowsOf(m.meant) };
      if (m.name === 'createVehicle') {
        w.create = {
          vehicleId: args.vehicleId as string,
          sectionId: args.sectionId,
          workflowId: args.workflowId,
          vehicleType: args.vehicleType,
          wrm: args.wrm ?? false,
          eolDate: args.eolDate ?? null,
        };
      }
      if (m.name === 'updateVehicle') w.update = { vehicleId: args.vehicleId as string, changes: args.changes as Record<string, unknown> };
      writes.push(w);
    }
    for (const dw of world.direct) {
      writes.push({
        rev: dw.rev,
        what: `#${dw.op} ${dw.what}`,
        meant: dw.meant,
        touches: rowsOf(dw.meant),
        ...(dw.vehicleChanges ? { update: dw.vehicleChanges } : {}),
      });
    }
    writes.sort((a, b) => a.rev - b.rev);

    // Nothing was written that no recorded mutation or direct write accounts for (a second application).
    const finalRev = await world.clockRev();
    const revs = new Set(writes.map((w) => w.rev));
    if (revs.size !== writes.length) v.push('applied twice: two recorded writes share a revision');
    if (finalRev - world.setupRev !== writes.length) {
      v.push(`applied twice?: the organization took ${finalRev - world.setupRev} revisions after setup, but ${writes.length} writes are accounted for`);
    }

    // History rows: one per effective status or management change, as a model replaying the writes in order says.
    const model = new Map<string, { state: Record<string, unknown>; statusRows: number; managementRows: number }>();
    for (const s of world.setupVehicles) {
      model.set(s.vehicleId, {
        state: { sectionId: s.sectionId, workflowId: s.workflowId, vehicleType: 'Truck', wrm: false, eolDate: null, status: 'valid' },
        statusRows: 1,
        managementRows: 1,
      });
    }
    for (const w of writes) {
      if (w.create) {
        const { vehicleId, ...state } = w.create;
        model.set(vehicleId, { state: { ...state, status: 'valid' }, statusRows: 1, managementRows: 1 });
      }
      if (w.update) {
        const entry = model.get(w.update.vehicleId);
        if (!entry) continue;
        const { changes } = w.update;
        let managed = false;
        for (const k of ['sectionId', 'workflowId', 'vehicleType', 'wrm', 'eolDate']) {
          if (changes[k] !== undefined && changes[k] !== entry.state[k]) {
            managed = true;
            entry.state[k] = changes[k];
          }
        }
        if (managed) entry.managementRows++;
        if (changes.status !== undefined && changes.status !== entry.state.status) {
          entry.statusRows++;
          entry.state.status = changes.status;
        }
      }
    }
    const knownRevs = new Set(writes.map((w) => w.rev));
    for (const [vehicleId, entry] of model) {
      const statusRows = await db.select({ rev: vehicleStatuses.rev }).from(vehicleStatuses).where(eq(vehicleStatuses.vehicleId, vehicleId));
      const managementRows = await db.select({ rev: vehicleManagement.rev }).from(vehicleManagement).where(eq(vehicleManagement.vehicleId, vehicleId));
      if (statusRows.length !== entry.statusRows)
        v.push(`history: vehicle ${vehicleId} has ${statusRows.length} status rows, the applied changes make ${entry.statusRows}`);
      if (managementRows.length !== entry.managementRows)
        v.push(`history: vehicle ${vehicleId} has ${managementRows.length} management rows, the applied changes make ${entry.managementRows}`);
      for (const r of [...statusRows, ...managementRows]) {
        const rev = Number(r.rev);
        if (rev > world.setupRev && !knownRevs.has(rev)) v.push(`history: vehicle ${vehicleId} has a row of revision ${rev}, which no recorded write made`);
      }
    }

    // Every field holds the value of the last applied change meant for it.
    const last = new Map<string, { value: unknown; what: string }>();
    for (const w of writes) for (const [key, value] of Object.entries(w.meant)) last.set(key, { value, what: w.what });
    const someFresh = fresh.values().next().value as SimDevice;
    for (const [key, { value, what }] of last) {
      const [table, id, field] = key.split('/') as [string, string, string];
      if (table === 'vehicles' && world.deletedVehicles.has(id)) continue;
      const owner = table === 'userSettings' ? [...fresh.values()].find((f) => id.startsWith(`${f.user.userId}-`)) : someFresh;
      if (!owner) continue;
      const row = (await owner.db.table(table).get(id)) as Record<string, unknown> | undefined;
      if (!row) {
        v.push(`lost update: ${key} should be ${short(value, 60)} (from ${what}) but the row is not in a fresh pull`);
        continue;
      }
      const actual = valueOf(row, table, field);
      if (stable(actual) !== stable(value)) {
        const at = writes.findLast((w) => w.what === what)?.rev ?? 0;
        const later = writes.filter((w) => w.rev > at && w.touches.includes(`${table}/${id}`)).map((w) => `rev ${w.rev} ${w.what}`);
        v.push(
          `lost update: ${key} is ${short(actual, 60)}, but the last applied change meant for it (${what}) set ${short(value, 60)}` +
            (later.length ? `; later applied writes to the row: ${later.join('; ')}` : ''),
        );
      }
    }
  } finally {
    for (const f of fresh.values()) await f.destroy();
  }
  return v;
}
