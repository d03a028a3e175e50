import { and, eq } from 'drizzle-orm';
import { nanoid } from 'nanoid';
import { vehicles } from '../../db/schema/index.ts';
import type { RouteWrite } from '../../http/route.ts';
import type { Principal } from '../../auth/principal.ts';
import { conflict } from '../../http/errors.ts';
import { vehicleToApi } from './presenter.ts';
import { regNumberExistsMessage } from '../../../core/schema/registration.ts';
import type { CreateVehicleBody, Vehicle } from '../../../core/schema/vehicle.ts';
import { ensureVehicleType } from '../vehicle-types/service.ts';
import { findVehicle } from './find-vehicle.ts';
import { addManagementRow, addStatusRow } from './history.ts';
import { regNumberHolder, requireActiveWorkflow, requireSection } from './queries.ts';

export const ALREADY_DECOMMISSIONED_MESSAGE = 'This vehicle is already decommissioned';
export const ALREADY_IN_COMMISSION_MESSAGE = 'This vehicle is already in commission';

/** POST /data/v1/vehicles: a vehicle in commission, status valid, with its first history rows. */
export async function createVehicle(write: RouteWrite, p: Principal, body: CreateVehicleBody): Promise<Vehicle> {
  return write(async ({ tx, rev, now }) => {
    const workflowId = String(body.workflowId);
    await requireSection(tx, p.orgId, body.sectionId);
    await requireActiveWorkflow(tx, p.orgId, workflowId);
    const holder = await regNumberHolder(tx, p.orgId, body.regNumber);
    if (holder) throw conflict(regNumberExistsMessage(body.regNumber, holder.decommissionDate !== null));
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
        workflowId,
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
    if (!row) throw conflict('A vehicle with this id exists already');
    await addManagementRow(tx, row, rev, now);
    await addStatusRow(tx, row, rev, now);
    return vehicleToApi(row);
  });
}

/** DELETE /data/v1/vehicles/{id} and PATCH /data/v1/vehicles/{id} {decommissioned}. */
export async function setDecommissioned(write: RouteWrite, p: Principal, vehicleId: string, decommissioned: boolean): Promise<Vehicle> {
  return write(async ({ tx, rev, now }) => {
    const current = await findVehicle(tx, p.orgId, vehicleId);
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
