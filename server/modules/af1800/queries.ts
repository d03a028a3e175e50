import { and, eq, gte, inArray, isNull, lt } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/client.ts';
import { discrepancies, inspectionResults, inspections, organizations, users, vehicles, workflowRules } from '../../db/schema/index.ts';
import { organizationToApi, userToRow } from '../../sync/presenters/organization-presenters.ts';
import { inspectionResultToApi, inspectionToApi, vehicleToApi, workflowRuleToApi } from '../../sync/presenters/vehicle-and-inspection-presenters.ts';
import { discrepancyToApi } from '../../sync/presenters/vehicle-record-presenters.ts';
import { findVehicle } from '../vehicles/find-vehicle.ts';
import { af1800MonthRange, assembleAf1800Form, assembleAf1800Report, type Af1800Sources } from '../../../core/rules/af1800-form.ts';
import type { Af1800Form, Af1800Month, Af1800Report } from '../../../core/schema/af1800.ts';

/**
 * The feed rows an AF1800 form of the month is assembled from, in their feed shape, live rows only
 * (as the device's mirror holds them). Inspections are read for the month only, and results only for
 * those; discrepancies found up to the month's end are all read, because which of them belong on the
 * form (still open at the month's start) is the core rule's decision, not this query's.
 */
async function readSources(tx: Tx, orgId: string, month: Af1800Month, vehicleId?: string): Promise<Af1800Sources> {
  const range = af1800MonthRange(month);
  const start = new Date(range.start);
  const end = new Date(range.end);
  const ofVehicle = (column: PgColumn) => (vehicleId === undefined ? undefined : eq(column, vehicleId));
  const monthInspections = and(
    eq(inspections.orgId, orgId),
    isNull(inspections.deletedAt),
    gte(inspections.inspectionDate, start),
    lt(inspections.inspectionDate, end),
    ofVehicle(inspections.vehicleId),
  );
  const [org] = await tx
    .select()
    .from(organizations)
    .where(and(eq(organizations.id, orgId), isNull(organizations.deletedAt)));
  const userRows = await tx
    .select()
    .from(users)
    .where(and(eq(users.orgId, orgId), isNull(users.deletedAt)));
  const ruleRows = await tx
    .select()
    .from(workflowRules)
    .where(and(eq(workflowRules.orgId, orgId), isNull(workflowRules.deletedAt)));
  const inspectionRows = await tx.select().from(inspections).where(monthInspections);
  const resultRows = await tx
    .select()
    .from(inspectionResults)
    .where(
      and(
        eq(inspectionResults.orgId, orgId),
        isNull(inspectionResults.deletedAt),
        inArray(inspectionResults.inspectionId, tx.select({ id: inspections.id }).from(inspections).where(monthInspections)),
      ),
    );
  const discrepancyRows = await tx
    .select()
    .from(discrepancies)
    .where(and(eq(discrepancies.orgId, orgId), isNull(discrepancies.deletedAt), lt(discrepancies.dateDiscovered, end), ofVehicle(discrepancies.vehicleId)));
  return {
    organization: org ? organizationToApi(org) : null,
    users: userRows.map(userToRow),
    workflowRules: ruleRows.map(workflowRuleToApi),
    inspections: inspectionRows.map(inspectionToApi),
    inspectionResults: resultRows.map(inspectionResultToApi),
    discrepancies: discrepancyRows.map(discrepancyToApi),
  };
}

/** One snapshot of the organization's tables, as the sync pull reads them. */
const snapshot = <T>(db: Db, read: (tx: Tx) => Promise<T>) => db.transaction(read, { isolationLevel: 'repeatable read', accessMode: 'read only' });

/** GET /data/v1/vehicles/{id}/files/af1800/...: the vehicle's form; another organization's vehicle is not found. */
export async function vehicleAf1800Form(db: Db, orgId: string, vehicleId: string, month: Af1800Month, now: Date): Promise<Af1800Form> {
  const { vehicle, sources } = await snapshot(db, async (tx) => ({
    vehicle: vehicleToApi(await findVehicle(tx, orgId, vehicleId)),
    sources: await readSources(tx, orgId, month, vehicleId),
  }));
  return assembleAf1800Form(sources, vehicle, month, now);
}

/** GET /data/v1/organizations/{orgId}/reports/af1800/{year}/{month}: every vehicle's form with data. */
export async function organizationAf1800Report(db: Db, orgId: string, month: Af1800Month, now: Date): Promise<Af1800Report> {
  const { vehicleRows, sources } = await snapshot(db, async (tx) => ({
    vehicleRows: await tx
      .select()
      .from(vehicles)
      .where(and(eq(vehicles.orgId, orgId), isNull(vehicles.deletedAt))),
    sources: await readSources(tx, orgId, month),
  }));
  return assembleAf1800Report({ ...sources, vehicles: vehicleRows.map(vehicleToApi) }, month, now);
}
