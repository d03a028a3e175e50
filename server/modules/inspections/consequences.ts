import { and, eq, isNull } from 'drizzle-orm';
import { statusAfterInspection, type Failure } from '../../../core/rules/inspection-submission.ts';
import { DISCREPANCY_TEXT_MAX } from '../../../core/schema/discrepancy.ts';
import type { VehicleStatus } from '../../../core/schema/vehicle.ts';
import type { Principal } from '../../auth/principal.ts';
import { discrepancies, vehicles } from '../../db/schema/index.ts';
import { vehicleEvent } from '../../stream/live-events.ts';
import { discrepancyKind } from '../discrepancies/kind.ts';
import { insertRecord, type RecordScope } from '../vehicle-records/records.ts';
import type { VehicleRow } from '../vehicles/find-vehicle.ts';
import { addStatusRow } from '../vehicles/history.ts';

/*
 * What follows from an inspection, in the write that records it (docs/inspections.md): discrepancies
 * for its unfixed AF1800 failures, the vehicle's status and its last reported miles and hours.
 */

/** The AF1800 items the vehicle has an open discrepancy for (neither completed nor disregarded). */
async function openItems(scope: RecordScope, vehicleId: string): Promise<Set<number>> {
  const rows = await scope.tx
    .select({ itemNo: discrepancies.itemNo })
    .from(discrepancies)
    .where(
      and(
        eq(discrepancies.orgId, scope.orgId),
        eq(discrepancies.vehicleId, vehicleId),
        isNull(discrepancies.deletedAt),
        isNull(discrepancies.actualCompletionDate),
        eq(discrepancies.disregard, false),
      ),
    );
  return new Set(rows.map((r) => r.itemNo));
}

export interface DiscrepancySource {
  inspectionId: string;
  dateDiscovered: Date;
  inspectorId: string | null;
  reportMiles: number | null;
  reportHours: number | null;
  /**
   * An inspection's failure of an item the vehicle already has open adds no second discrepancy (the
   * same broken horn every morning stays one work item). An amendment reports each one it names.
   */
  skipOpenItems: boolean;
}

/** Opens a discrepancy (id: the failed result's) for each failure; answers how many it opened. */
export async function openDiscrepancies(
  scope: RecordScope,
  p: Principal,
  vehicle: VehicleRow,
  failures: readonly Failure[],
  source: DiscrepancySource,
): Promise<number> {
  const open = source.skipOpenItems ? await openItems(scope, vehicle.id) : new Set<number>();
  let opened = 0;
  for (const failure of failures) {
    if (open.has(failure.itemNo)) continue;
    open.add(failure.itemNo);
    await insertRecord(scope, p, discrepancyKind, vehicle, failure.resultId, {
      itemNo: failure.itemNo,
      discrepancy: failure.text.slice(0, DISCREPANCY_TEXT_MAX),
      dateDiscovered: source.dateDiscovered.toISOString(),
      inspectorId: source.inspectorId,
      reportMiles: source.reportMiles,
      reportHours: source.reportHours,
      parentInspectionId: source.inspectionId,
    });
    opened++;
  }
  return opened;
}

export interface VehicleReadings {
  /** Set only when the inspection is the vehicle's newest: an older one's readings are history. */
  miles: number | null;
  hours: number | null;
  fuelLevel: number | null;
}

/** The vehicle's status after the failures (core statusAfterInspection) and its newest readings (miles, hours, fuel), with the status history and event. */
export async function updateVehicleAfter(
  scope: RecordScope,
  p: Principal,
  vehicle: VehicleRow,
  failures: readonly Failure[],
  readings: VehicleReadings,
): Promise<void> {
  const { tx, rev, now } = scope;
  const set: Partial<typeof vehicles.$inferInsert> = {};
  if (readings.miles !== null && readings.miles !== vehicle.lastReportedMileage) set.lastReportedMileage = readings.miles;
  if (readings.hours !== null && readings.hours !== vehicle.lastReportedHours) set.lastReportedHours = readings.hours;
  if (readings.fuelLevel !== null && readings.fuelLevel !== vehicle.fuelLevel) set.fuelLevel = readings.fuelLevel;
  const status = statusAfterInspection(vehicle.status as VehicleStatus, failures);
  if (status) Object.assign(set, { status, statusValidFrom: now, statusUserId: p.userId });
  if (Object.keys(set).length === 0) return;
  const [updated] = await tx
    .update(vehicles)
    .set({ ...set, rev, updatedAt: now })
    .where(and(eq(vehicles.orgId, vehicle.orgId), eq(vehicles.id, vehicle.id)))
    .returning();
  if (!status || !updated) return;
  await addStatusRow(tx, updated, rev, now);
  scope.publish(vehicleEvent(updated, p.userId, { eventType: 'status', status }));
}
