import { and, eq } from 'drizzle-orm';
import { vehicles } from '../../db/schema/index.ts';
import type { WriteScope } from '../../db/write.ts';
import type { RouteWrite } from '../../http/route.ts';
import type { Principal } from '../../auth/principal.ts';
import type { LiveEventInput } from '../../stream/live-events.ts';
import { badRequest, conflict } from '../../http/errors.ts';
import { vehicleToApi } from './presenter.ts';
import { REG_NUMBER_EXISTS_ON_EDIT_MESSAGE } from '../../../core/schema/registration.ts';
import type { UpdateVehicleBody, Vehicle, VehicleStatus } from '../../../core/schema/vehicle.ts';
import { ensureVehicleType } from '../vehicle-types/service.ts';
import { findVehicleByRef, type VehicleRow } from './find-vehicle.ts';
import { addManagementRow, addStatusRow, amendCurrentStatusRow } from './history.ts';
import { regNumberHolder, requireActiveWorkflow, requireSection } from './queries.ts';

export const SAME_SECTION_MESSAGE = 'Choose a different section';
export const SAME_WORKFLOW_MESSAGE = 'Choose a different workflow';
export const ETIC_ON_VALID_MESSAGE = 'An ETIC can be set only for a status other than FMC (valid)';

type Changes = Partial<typeof vehicles.$inferInsert>;

/** The columns vehicle_management keeps the history of. */
const MANAGED = ['sectionId', 'workflowId', 'vehicleType', 'wrm', 'eolDate'] as const;

const sameInstant = (a: Date | null, b: string | null) => (a === null ? b === null : b !== null && a.getTime() === new Date(b).getTime());

/** Mileage and hours edits must change the reading (part 1 §5). */
function sameOdometer(what: string, current: number | null, next: number): void {
  if (current === next) throw badRequest(`Enter ${what} different from the current ${next.toLocaleString('en-US')}`);
}

/** Section, workflow, registration, odometers and description: what the body changes. */
async function plainChanges(scope: WriteScope<LiveEventInput>, current: VehicleRow, body: UpdateVehicleBody): Promise<Changes> {
  const { tx, orgId, rev } = scope;
  const set: Changes = {};
  if (body.sectionId !== undefined) {
    if (body.sectionId === current.sectionId) throw badRequest(SAME_SECTION_MESSAGE);
    await requireSection(tx, orgId, body.sectionId);
    set.sectionId = body.sectionId;
  }
  if (body.workflowId !== undefined) {
    const workflowId = String(body.workflowId);
    if (workflowId === current.workflowId) throw badRequest(SAME_WORKFLOW_MESSAGE);
    await requireActiveWorkflow(tx, orgId, workflowId);
    set.workflowId = workflowId;
  }
  if (body.regNumber !== undefined && body.regNumber !== current.regNumber) {
    if (await regNumberHolder(tx, orgId, body.regNumber, current.id)) throw conflict(REG_NUMBER_EXISTS_ON_EDIT_MESSAGE);
    set.regNumber = body.regNumber;
  }
  if (body.hours !== undefined) {
    sameOdometer('hours', current.lastReportedHours, body.hours);
    set.lastReportedHours = body.hours;
  }
  if (body.miles !== undefined) {
    sameOdometer('a mileage', current.lastReportedMileage, body.miles);
    set.lastReportedMileage = body.miles;
  }
  if (body.vehicleType !== undefined) {
    const vehicleType = await ensureVehicleType(tx, orgId, rev, body.vehicleType);
    if (vehicleType !== current.vehicleType) set.vehicleType = vehicleType;
  }
  // The description form sends all its fields at once: unchanged ones are simply kept.
  for (const key of ['year', 'make', 'model', 'wrm', 'eolDate'] as const) {
    const value = body[key];
    if (value !== undefined && value !== current[key]) Object.assign(set, { [key]: value });
  }
  return set;
}

interface StatusChange {
  status: VehicleStatus;
  eticDate: Date | null;
  /** A new status starts a new period (a history row); a new ETIC alone amends the current one. */
  newPeriod: boolean;
}

/**
 * Status and ETIC. An omitted ETIC keeps the current one; valid with a null ETIC clears it ('Clear
 * ETIC?'); a new ETIC goes only with a status other than valid.
 */
function statusChange(current: VehicleRow, body: UpdateVehicleBody): StatusChange | undefined {
  if (body.status === undefined && body.eticDate === undefined) return undefined;
  const status = body.status ?? (current.status as VehicleStatus);
  const newPeriod = status !== current.status;
  const eticChanged = body.eticDate !== undefined && !sameInstant(current.eticDate, body.eticDate);
  if (!newPeriod && !eticChanged) return undefined;
  if (status === 'valid' && eticChanged && body.eticDate !== null) throw badRequest(ETIC_ON_VALID_MESSAGE);
  const eticDate = body.eticDate === undefined ? current.eticDate : body.eticDate === null ? null : new Date(body.eticDate);
  return { status, eticDate, newPeriod };
}

/**
 * PATCH /data/v2/vehicles/{ref}: any of the vehicle's editable attributes, each change with its
 * history; ref is the vehicle's id or its registration (findVehicleByRef).
 */
export async function updateVehicle(write: RouteWrite, p: Principal, vehicleRef: string, body: UpdateVehicleBody): Promise<Vehicle> {
  return write(async (scope) => {
    const { tx, rev, now } = scope;
    const current = await findVehicleByRef(tx, p.orgId, vehicleRef);
    const set = await plainChanges(scope, current, body);
    const managed = MANAGED.some((key) => key in set);
    if (managed) set.managementValidFrom = now;
    const status = statusChange(current, body);
    if (status) set.eticDate = status.eticDate;
    if (status?.newPeriod) Object.assign(set, { status: status.status, statusValidFrom: now, statusUserId: p.userId });
    if (Object.keys(set).length === 0) return vehicleToApi(current);

    const [row] = await tx
      .update(vehicles)
      .set({ ...set, rev, updatedAt: now })
      .where(and(eq(vehicles.orgId, p.orgId), eq(vehicles.id, current.id)))
      .returning();
    const updated = row!;
    if (managed) await addManagementRow(tx, updated, rev, now);
    if (status && !status.newPeriod) await amendCurrentStatusRow(tx, updated, rev, now);
    if (status?.newPeriod) {
      await addStatusRow(tx, updated, rev, now);
      scope.publish({
        eventType: 'status',
        regNumber: updated.regNumber,
        vehicleType: updated.vehicleType,
        vehicleId: updated.id,
        userId: p.userId,
        status: status.status,
      });
    }
    return vehicleToApi(updated);
  });
}
