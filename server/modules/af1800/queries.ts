import { and, eq, gte, lt } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Principal } from '../../auth/principal.ts';
import type { AppContext } from '../../context.ts';
import { discrepancies, inspections } from '../../db/schema/index.ts';
import { vehicleToApi } from '../vehicles/presenter.ts';
import { readSnapshot, type Snapshot } from '../../sync/snapshot.ts';
import { findVehicle } from '../vehicles/find-vehicle.ts';
import { af1800MonthRange, assembleAf1800Form, assembleAf1800Report, type Af1800Sources } from '../../../core/rules/af1800-form.ts';
import { orgZoneOf } from '../../../core/rules/org-clock.ts';
import type { Af1800Form, Af1800Month, Af1800Report } from '../../../core/schema/af1800.ts';

/**
 * The feed rows an AF1800 form of the month is assembled from, live rows only (as the device's mirror
 * holds them). Inspections are read for the month only, with their answers; discrepancies
 * found up to the month's end are all read, because which of them belong on the form (still open at
 * the month's start) is the core rule's decision, not this query's.
 */
async function readSources(s: Snapshot, month: Af1800Month, vehicleId?: string): Promise<Af1800Sources> {
  const [organization] = await s.live('organizations');
  const range = af1800MonthRange(month, orgZoneOf(organization ?? null));
  const start = new Date(range.start);
  const end = new Date(range.end);
  const ofVehicle = (column: PgColumn) => (vehicleId === undefined ? undefined : eq(column, vehicleId));
  const monthInspections = and(gte(inspections.inspectionDate, start), lt(inspections.inspectionDate, end), ofVehicle(inspections.vehicleId));
  return {
    organization: organization ?? null,
    users: await s.live('users'),
    workflowRules: await s.live('workflowRules'),
    // The form of any month, not only of the months devices keep answers of.
    inspections: await s.live('inspections', monthInspections, { wholeHistory: true }),
    discrepancies: await s.live('discrepancies', and(lt(discrepancies.dateDiscovered, end), ofVehicle(discrepancies.vehicleId))),
  };
}

/** GET /data/v1/vehicles/{id}/files/af1800/...: the vehicle's form; another organization's vehicle is not found. */
export async function vehicleAf1800Form(ctx: AppContext, p: Principal, vehicleId: string, month: Af1800Month, now: Date): Promise<Af1800Form> {
  const { vehicle, sources } = await readSnapshot(ctx.db, ctx.syncTables, p, async (s) => ({
    vehicle: vehicleToApi(await findVehicle(s.tx, p.orgId, vehicleId)),
    sources: await readSources(s, month, vehicleId),
  }));
  return assembleAf1800Form(sources, vehicle, month, now);
}

/** GET /data/v1/organizations/{orgId}/reports/af1800/{year}/{month}: every vehicle's form with data. */
export async function organizationAf1800Report(ctx: AppContext, p: Principal, month: Af1800Month, now: Date): Promise<Af1800Report> {
  const { vehicles, sources } = await readSnapshot(ctx.db, ctx.syncTables, p, async (s) => ({
    vehicles: await s.live('vehicles'),
    sources: await readSources(s, month),
  }));
  return assembleAf1800Report({ ...sources, vehicles }, month, now);
}
