import { odometerQuestions } from '../../core/rules/af1800-items.ts';
import { later, type OrgContext } from './context.ts';
import type { VehiclePlan } from './generate-fleet.ts';
import type { VehicleHistory } from './vehicle-history.ts';

/**
 * The vehicle row and its status history. The row copies the newest status and management rows
 * (status, ETIC, validFrom, user; section, workflow, type, WRM, EOL) and the odometer and fuel of
 * the last inspection, as the API keeps them.
 */
export function seedVehicle(ctx: OrgContext, plan: VehiclePlan, history: VehicleHistory): void {
  const rng = ctx.rng.fork(`vehicle-rows-${plan.index}`);
  for (const change of history.statuses) {
    ctx.tables.vehicleStatuses.push({
      id: rng.id(),
      orgId: ctx.orgId,
      vehicleId: plan.id,
      status: change.status,
      eticDate: change.eticDate,
      validFrom: change.validFrom,
      userId: change.userId,
      createdAt: change.validFrom,
      updatedAt: change.validFrom,
    });
  }
  const current = history.statuses[history.statuses.length - 1]!;
  const asks = odometerQuestions(plan.workflow.rules);
  const last = history.lastInspection;
  let updated = later(plan.managementValidFrom, current.validFrom);
  if (last) updated = later(updated, last.completion);
  if (plan.decommissionDate) updated = later(updated, plan.decommissionDate);
  ctx.tables.vehicles.push({
    id: plan.id,
    orgId: ctx.orgId,
    regNumber: plan.regNumber,
    vehicleType: plan.type.name,
    year: plan.year,
    make: plan.make,
    model: plan.model,
    wrm: plan.wrm,
    eolDate: plan.eolDate,
    decommissionDate: plan.decommissionDate,
    lastReportedHours: asks.hours ? (last?.hours ?? plan.hours) : null,
    lastReportedMileage: asks.miles ? (last?.miles ?? plan.miles) : null,
    fuelLevel: last?.fuelLevel ?? null,
    sectionId: plan.sectionId,
    workflowId: plan.workflow.id,
    status: current.status,
    eticDate: current.eticDate,
    managementValidFrom: plan.managementValidFrom,
    statusValidFrom: current.validFrom,
    statusUserId: current.userId,
    createdAt: plan.created,
    updatedAt: updated,
  });
}
