import { and, eq, inArray } from 'drizzle-orm';
import { nanoid } from 'nanoid';
import type { Tx } from '../../db/client.ts';
import { vehicles } from '../../db/schema/index.ts';
import type { WriteScope } from '../../db/write.ts';
import type { RouteWrite } from '../../http/route.ts';
import type { Principal } from '../../auth/principal.ts';
import type { LiveEventInput } from '../../stream/live-events.ts';
import { badRequest, conflict, HttpError, zodErrorBody } from '../../http/errors.ts';
import { vehicleToApi } from './presenter.ts';
import { REG_NUMBER_DUPLICATED_MESSAGE, regNumberExistsMessage, regNumberKey } from '../../../core/schema/registration.ts';
import {
  createVehicleBodySchema,
  EMPTY_VEHICLE_BATCH_MESSAGE,
  VEHICLE_BATCH_MAX,
  VEHICLE_BATCH_TOO_LARGE_MESSAGE,
  type CreateVehicleBody,
  type Vehicle,
} from '../../../core/schema/vehicle.ts';
import { ensureVehicleType } from '../vehicle-types/service.ts';
import { findVehicleByRef } from './find-vehicle.ts';
import { addManagementRow, addStatusRow } from './history.ts';
import { regNumberHolder, requireActiveWorkflow, requireSection } from './queries.ts';

export const ALREADY_DECOMMISSIONED_MESSAGE = 'This vehicle is already decommissioned';
export const ALREADY_IN_COMMISSION_MESSAGE = 'This vehicle is already in commission';
export const VEHICLE_ID_TAKEN_MESSAGE = 'A vehicle with this id exists already';

/** What refuses a new vehicle, checked before anything is written: its section, workflow and registration. */
async function checkNewVehicle(tx: Tx, orgId: string, body: CreateVehicleBody): Promise<void> {
  await requireSection(tx, orgId, body.sectionId);
  await requireActiveWorkflow(tx, orgId, String(body.workflowId));
  const holder = await regNumberHolder(tx, orgId, body.regNumber);
  if (holder) throw conflict(regNumberExistsMessage(body.regNumber, holder.decommissionDate !== null));
}

/** Writes a checked vehicle: in commission, status valid, with its first history rows. */
async function insertVehicle(scope: WriteScope<LiveEventInput>, p: Principal, body: CreateVehicleBody): Promise<Vehicle> {
  const { tx, rev, now } = scope;
  const vehicleType = await ensureVehicleType(tx, p.orgId, rev, body.vehicleType);
  const [row] = await tx
    .insert(vehicles)
    .values({
      id: body.vehicleId ?? nanoid(),
      orgId: p.orgId,
      rev,
      regNumber: body.regNumber,
      vehicleType,
      year: body.year ?? null,
      make: body.make ?? null,
      model: body.model ?? null,
      wrm: body.wrm,
      eolDate: body.eolDate ?? null,
      sectionId: body.sectionId,
      workflowId: String(body.workflowId),
      status: 'valid',
      eticDate: null,
      managementValidFrom: now,
      statusValidFrom: now,
      statusUserId: p.userId,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing()
    .returning();
  if (!row) throw conflict(VEHICLE_ID_TAKEN_MESSAGE);
  await addManagementRow(tx, row, rev, now);
  await addStatusRow(tx, row, rev, now);
  return vehicleToApi(row);
}

/** POST /data/v1/vehicles with one vehicle (part 1 §7; what the app's outbox sends): that vehicle, or its first refusal. */
export async function createVehicle(write: RouteWrite, p: Principal, body: CreateVehicleBody): Promise<Vehicle> {
  return write(async (scope) => {
    await checkNewVehicle(scope.tx, p.orgId, body);
    return insertVehicle(scope, p, body);
  });
}

/** A refused vehicle of a batch: where it is in the array, the registration it was sent with, and why. */
interface Refusal {
  index: number;
  regNumber: string | null;
  messages: string[];
}

const sentRegNumber = (item: unknown): string | null => {
  const reg = item && typeof item === 'object' ? (item as { regNumber?: unknown }).regNumber : undefined;
  return typeof reg === 'string' && reg.trim() !== '' ? reg.trim() : null;
};

/** Vehicles are counted from 1 in messages, as a person reads the list; `index` in `errors` is the array's, from 0. */
const vehicleLabel = (r: Refusal) => `vehicle ${r.index + 1} (${r.regNumber ?? 'no registration number'}): ${r.messages.join('; ')}`;

export function vehicleBatchRefusedMessage(refusals: readonly Refusal[], total: number): string {
  return `${refusals.length} of ${total} vehicles refused, so none was created: ${refusals.map(vehicleLabel).join(' | ')}`;
}

/**
 * POST /data/v1/vehicles with an array (part 2 §7 "body is an array of vehicles"): all of them, in
 * order, or none. A write lands whole or not at all, so one refused vehicle refuses the batch (400),
 * and the message names every refused vehicle with its reasons (each also in `errors`, with its index
 * and registration), so the list can be corrected and sent again whole. Within a batch a registration
 * (compared as the uniqueness check does) and a vehicle id may each appear only once.
 */
export async function createVehicles(write: RouteWrite, p: Principal, items: readonly unknown[]): Promise<Vehicle[]> {
  if (items.length === 0) throw badRequest(EMPTY_VEHICLE_BATCH_MESSAGE);
  if (items.length > VEHICLE_BATCH_MAX) throw badRequest(VEHICLE_BATCH_TOO_LARGE_MESSAGE);
  const refusals = new Map<number, Refusal>();
  const refuse = (index: number, regNumber: string | null, message: string) => {
    const known = refusals.get(index);
    if (known) known.messages.push(message);
    else refusals.set(index, { index, regNumber, messages: [message] });
  };
  const valid: { index: number; body: CreateVehicleBody }[] = [];
  items.forEach((item, index) => {
    const result = createVehicleBodySchema.safeParse(item);
    if (result.success) valid.push({ index, body: result.data });
    else for (const { message } of zodErrorBody(result.error).errors) refuse(index, sentRegNumber(item), message);
  });
  return write(async (scope) => {
    const regs = new Map<string, number>();
    const ids = new Map<string, number>();
    for (const { index, body } of valid) {
      const regFirst = regs.get(regNumberKey(body.regNumber));
      if (regFirst !== undefined) refuse(index, body.regNumber, `${REG_NUMBER_DUPLICATED_MESSAGE} (vehicle ${regFirst + 1} has it too)`);
      else regs.set(regNumberKey(body.regNumber), index);
      const idFirst = body.vehicleId === undefined ? undefined : ids.get(body.vehicleId);
      if (idFirst !== undefined) refuse(index, body.regNumber, `vehicleId: vehicle ${idFirst + 1} has the same id`);
      else if (body.vehicleId !== undefined) ids.set(body.vehicleId, index);
      try {
        await checkNewVehicle(scope.tx, p.orgId, body);
      } catch (error) {
        if (!(error instanceof HttpError)) throw error;
        refuse(index, body.regNumber, error.message);
      }
    }
    // Ids are unique across organizations (the primary key): a taken one is refused without saying whose.
    const sentIds = [...ids.keys()];
    const taken = sentIds.length === 0 ? [] : await scope.tx.select({ id: vehicles.id }).from(vehicles).where(inArray(vehicles.id, sentIds));
    for (const { id } of taken) {
      const index = ids.get(id)!;
      refuse(index, sentRegNumber(items[index]), VEHICLE_ID_TAKEN_MESSAGE);
    }
    if (refusals.size > 0) {
      const sorted = [...refusals.values()].sort((a, b) => a.index - b.index);
      const errors = sorted.map((r) => ({ message: vehicleLabel(r), index: r.index, regNumber: r.regNumber, path: [String(r.index)] }));
      throw badRequest(vehicleBatchRefusedMessage(sorted, items.length), { errors });
    }
    const created: Vehicle[] = [];
    for (const { body } of valid) created.push(await insertVehicle(scope, p, body));
    return created;
  });
}

/** DELETE /data/v1/vehicles/{ref} and PATCH /data/v1/vehicles/{ref} {decommissioned}; ref is an id or a registration (findVehicleByRef). */
export async function setDecommissioned(write: RouteWrite, p: Principal, vehicleRef: string, decommissioned: boolean): Promise<Vehicle> {
  return write(async ({ tx, rev, now }) => {
    const current = await findVehicleByRef(tx, p.orgId, vehicleRef);
    if (decommissioned && current.decommissionDate !== null) throw conflict(ALREADY_DECOMMISSIONED_MESSAGE);
    if (!decommissioned && current.decommissionDate === null) throw conflict(ALREADY_IN_COMMISSION_MESSAGE);
    const [row] = await tx
      .update(vehicles)
      .set({ decommissionDate: decommissioned ? now : null, rev, updatedAt: now })
      .where(and(eq(vehicles.orgId, p.orgId), eq(vehicles.id, current.id)))
      .returning();
    return vehicleToApi(row!);
  });
}
