import { and, asc, eq, getTableColumns, isNull, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { nanoid } from 'nanoid';
import { actorName } from '../../../core/rules/actor-name.ts';
import type { Principal } from '../../auth/principal.ts';
import type { Queryable } from '../../db/client.ts';
import type { WriteScope } from '../../db/write.ts';
import { conflict, notFound } from '../../http/errors.ts';
import type { RouteWrite } from '../../http/route.ts';
import { vehicleEvent, type LiveEventInput, type LiveEventPayload } from '../../stream/live-events.ts';
import { orgTimeZone } from '../organization/queries.ts';
import { findVehicle, type VehicleRow } from '../vehicles/find-vehicle.ts';

/**
 * A kind of audited vehicle record (wash, scheduled maintenance, LTI, PMI, TDY): a table with the sync
 * columns, vehicle_id, reg_number and the audit columns, and what is particular to the kind. The list,
 * create and change below are the same for every kind, so each module states only its rules.
 */
export interface VehicleRecordKind<T extends PgTable, Api, Create, Update> {
  table: T;
  toApi(row: T['$inferSelect']): Api;
  /** The record in messages: 'No such {noun} for this vehicle'. */
  noun: string;
  /** The column a vehicle's records are listed by, soonest first. */
  orderBy: PgColumn;
  /** The kind's own columns of a new record, from its create body (`by`: who reports it). */
  fields(body: Create, now: Date, by: Actor): Record<string, unknown>;
  /**
   * The columns a change sets, given the record as it is; throws badRequest for a change it refuses.
   * `zone` is the organization's time zone, whose calendar day is today (core/rules/org-clock.ts).
   */
  changes(current: Api, body: Update, now: Date, zone: string): Record<string, unknown>;
  /** The Fleet Updates event of a new or changed record (part 1 §3), if the kind has one. */
  event?(record: Api): LiveEventPayload;
}

interface RecordColumns {
  id: PgColumn;
  orgId: PgColumn;
  vehicleId: PgColumn;
  deletedAt: PgColumn;
  /** The table keeps who created and last changed a row (auditColumns); discrepancies and waiver cards do not. */
  audited: boolean;
}

function columnsOf(table: PgTable): RecordColumns {
  const { id, orgId, vehicleId, deletedAt, lastModifierName } = getTableColumns(table) as Record<string, PgColumn | undefined>;
  if (!id || !orgId || !vehicleId || !deletedAt) throw new Error('a vehicle record table needs id, org_id, vehicle_id and deleted_at');
  return { id, orgId, vehicleId, deletedAt, audited: lastModifierName !== undefined };
}

/** The write a route's handler is in (RouteWrite's scope). */
export type RecordScope = WriteScope<LiveEventInput>;

export interface Actor {
  id: string;
  name: string | null;
}

/** Who makes a change, named as the record keeps them (core/rules/actor-name.ts). */
export function actorOf(p: Principal): Actor {
  return { id: p.userId, name: actorName({ firstName: p.givenName, lastName: p.familyName, email: p.email }) };
}

/** The records of the organization that `where` picks, soonest first. */
export async function listRecords<T extends PgTable, Api>(q: Queryable, kind: VehicleRecordKind<T, Api, never, never>, orgId: string, where?: SQL): Promise<Api[]> {
  const c = columnsOf(kind.table);
  const rows = await q
    .select()
    .from(kind.table as PgTable)
    .where(and(eq(c.orgId, orgId), isNull(c.deletedAt), where))
    .orderBy(asc(kind.orderBy), asc(c.id));
  return rows.map((row) => kind.toApi(row as T['$inferSelect']));
}

/** A vehicle's records, after checking the vehicle is the organization's. */
export async function listVehicleRecords<T extends PgTable, Api>(
  q: Queryable,
  kind: VehicleRecordKind<T, Api, never, never>,
  orgId: string,
  vehicleId: string,
): Promise<Api[]> {
  const vehicle = await findVehicle(q, orgId, vehicleId);
  return listRecords(q, kind, orgId, eq(columnsOf(kind.table).vehicleId, vehicle.id));
}

/** Creates a record of the vehicle `vehicleOf` finds, under the id the device chose (or a new one). */
export async function createRecord<T extends PgTable, Api, Create>(
  write: RouteWrite,
  p: Principal,
  kind: VehicleRecordKind<T, Api, Create, never>,
  vehicleOf: (q: Queryable) => Promise<VehicleRow>,
  id: string | undefined,
  body: Create,
): Promise<Api> {
  return write(async (scope) => insertRecord(scope, p, kind, await vehicleOf(scope.tx), id, body));
}

/**
 * createRecord's insert, inside a write the route runs (one that stores a file first): the id the
 * device chose, or a new one (409 when the id is taken), the audit names, the kind's event.
 */
export async function insertRecord<T extends PgTable, Api, Create>(
  scope: RecordScope,
  p: Principal,
  kind: VehicleRecordKind<T, Api, Create, never>,
  vehicle: VehicleRow,
  id: string | undefined,
  body: Create,
): Promise<Api> {
  const by = actorOf(p);
  const { audited } = columnsOf(kind.table);
  const { tx, rev, now, publish } = scope;
  const [row] = await tx
    .insert(kind.table as PgTable)
    .values({
      ...kind.fields(body, now, by),
      id: id ?? nanoid(),
      orgId: p.orgId,
      rev,
      vehicleId: vehicle.id,
      regNumber: vehicle.regNumber,
      ...(audited ? { creatorId: by.id, creatorName: by.name, lastModifierId: by.id, lastModifierName: by.name } : {}),
      createdAt: now,
      updatedAt: now,
    } as never)
    .onConflictDoNothing()
    .returning();
  if (!row) throw conflict(`A ${kind.noun} with this id exists already`);
  const record = kind.toApi(row as T['$inferSelect']);
  if (kind.event) publish(vehicleEvent(vehicle, p.userId, kind.event(record)));
  return record;
}

function targetWhere(c: RecordColumns, orgId: string, target: { id: string; vehicleId?: string }): SQL | undefined {
  return and(eq(c.orgId, orgId), eq(c.id, target.id), isNull(c.deletedAt), target.vehicleId !== undefined ? eq(c.vehicleId, target.vehicleId) : undefined);
}

/** The record a change or delete is about, locked for the write; 404 when the organization (or the vehicle) has none. */
async function lockRecord<T extends PgTable>(
  tx: Queryable,
  kind: { table: T; noun: string },
  where: SQL | undefined,
  target: { vehicleId?: string },
): Promise<T['$inferSelect']> {
  const [current] = await tx
    .select()
    .from(kind.table as PgTable)
    .where(where)
    .for('update');
  if (!current) throw notFound(target.vehicleId !== undefined ? `No such ${kind.noun} for this vehicle` : `No such ${kind.noun} in your organization`);
  return current as T['$inferSelect'];
}

/**
 * Deletes a record of a vehicle: a tombstone at the write's revision, so every device drops it. What
 * belongs to the record (its pictures) goes in the same write, by `alsoDelete`.
 */
export async function deleteRecord<T extends PgTable>(
  write: RouteWrite,
  p: Principal,
  kind: { table: T; noun: string },
  target: { id: string; vehicleId: string },
  alsoDelete?: (scope: RecordScope, id: string) => Promise<void>,
): Promise<void> {
  const c = columnsOf(kind.table);
  await write(async (scope) => {
    const { tx, rev, now } = scope;
    await findVehicle(tx, p.orgId, target.vehicleId);
    const where = targetWhere(c, p.orgId, target);
    await lockRecord(tx, kind, where, target);
    await tx
      .update(kind.table as PgTable)
      .set({ rev, deletedAt: now, updatedAt: now } as never)
      .where(where);
    await alsoDelete?.(scope, target.id);
  });
}

/** A live record of a vehicle of the organization, or 404 (the vehicle checked first: another organization's is unknown). */
export async function findRecord<T extends PgTable>(
  q: Queryable,
  p: Principal,
  kind: { table: T; noun: string },
  target: { id: string; vehicleId: string },
): Promise<T['$inferSelect']> {
  await findVehicle(q, p.orgId, target.vehicleId);
  const [row] = await q
    .select()
    .from(kind.table as PgTable)
    .where(targetWhere(columnsOf(kind.table), p.orgId, target));
  if (!row) throw notFound(`No such ${kind.noun} for this vehicle`);
  return row as T['$inferSelect'];
}

/** Changes the fields sent of a record of the organization (of one vehicle, when the path names it). */
export async function updateRecord<T extends PgTable, Api, Update>(
  write: RouteWrite,
  p: Principal,
  kind: VehicleRecordKind<T, Api, never, Update>,
  target: { id: string; vehicleId?: string },
  body: Update,
): Promise<Api> {
  const by = actorOf(p);
  const c = columnsOf(kind.table);
  return write(async ({ tx, rev, now, publish }) => {
    const named = target.vehicleId !== undefined ? await findVehicle(tx, p.orgId, target.vehicleId) : undefined;
    const where = targetWhere(c, p.orgId, target);
    const current = await lockRecord(tx, kind, where, target);
    const zone = await orgTimeZone(tx, p.orgId);
    const audit = c.audited ? { lastModifierId: by.id, lastModifierName: by.name } : {};
    const [row] = await tx
      .update(kind.table as PgTable)
      .set({ ...kind.changes(kind.toApi(current), body, now, zone), rev, ...audit, updatedAt: now } as never)
      .where(where)
      .returning();
    const record = kind.toApi(row as T['$inferSelect']);
    if (kind.event) {
      const vehicle = named ?? (await findVehicle(tx, p.orgId, (current as { vehicleId: string }).vehicleId));
      publish(vehicleEvent(vehicle, p.userId, kind.event(record)));
    }
    return record;
  });
}
