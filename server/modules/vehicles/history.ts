import { and, desc, eq, isNull } from 'drizzle-orm';
import { nanoid } from 'nanoid';
import type { Tx } from '../../db/client.ts';
import { vehicleManagement, vehicleStatuses } from '../../db/schema/index.ts';
import type { VehicleRow } from './find-vehicle.ts';

/*
 * The vehicle row holds the current section, workflow, description and status; every change of them
 * also adds a history row, valid from the change, that copies the vehicle's new state.
 */

export async function addManagementRow(tx: Tx, v: VehicleRow, rev: number, now: Date): Promise<void> {
  await tx.insert(vehicleManagement).values({
    id: nanoid(),
    orgId: v.orgId,
    rev,
    vehicleId: v.id,
    sectionId: v.sectionId,
    workflowId: v.workflowId,
    vehicleType: v.vehicleType,
    wrm: v.wrm,
    eolDate: v.eolDate,
    eticDate: v.eticDate,
    validFrom: v.managementValidFrom,
    createdAt: now,
    updatedAt: now,
  });
}

export async function addStatusRow(tx: Tx, v: VehicleRow, rev: number, now: Date): Promise<void> {
  await tx.insert(vehicleStatuses).values({
    id: nanoid(),
    orgId: v.orgId,
    rev,
    vehicleId: v.id,
    status: v.status,
    eticDate: v.eticDate,
    validFrom: v.statusValidFrom,
    userId: v.statusUserId,
    createdAt: now,
    updatedAt: now,
  });
}

/** A new ETIC for the current status: the newest status row takes it (one is added if there is none). */
export async function amendCurrentStatusRow(tx: Tx, v: VehicleRow, rev: number, now: Date): Promise<void> {
  const [newest] = await tx
    .select({ id: vehicleStatuses.id })
    .from(vehicleStatuses)
    .where(and(eq(vehicleStatuses.orgId, v.orgId), eq(vehicleStatuses.vehicleId, v.id), isNull(vehicleStatuses.deletedAt)))
    .orderBy(desc(vehicleStatuses.validFrom), desc(vehicleStatuses.createdAt))
    .limit(1);
  if (!newest) return addStatusRow(tx, v, rev, now);
  await tx.update(vehicleStatuses).set({ eticDate: v.eticDate, rev, updatedAt: now }).where(eq(vehicleStatuses.id, newest.id));
}
