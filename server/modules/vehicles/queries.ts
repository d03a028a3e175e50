import { and, asc, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { sections, vehicles, workflowRules, workflows } from '../../db/schema/index.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { vehicleToApi } from './presenter.ts';
import { regNumberKey } from '../../../core/schema/registration.ts';
import type { Vehicle } from '../../../core/schema/vehicle.ts';
import type { VehicleWorkflow } from '../../../core/schema/workflow.ts';
import type { Frequency, RuleType } from '../../../core/schema/rule.ts';
import { isAsked } from '../../../core/rules/rule-due.ts';
import { askedOf } from '../inspections/queries.ts';
import { findVehicle, type VehicleRow } from './find-vehicle.ts';

export const UNKNOWN_SECTION_MESSAGE = 'That section does not exist in this organization';
export const UNKNOWN_WORKFLOW_MESSAGE = 'That workflow does not exist in this organization';
export const INACTIVE_WORKFLOW_MESSAGE = 'That workflow is inactive; choose an active workflow';

/** Every vehicle of the organization, decommissioned ones included, by registration. */
export async function listVehicles(q: Queryable, orgId: string): Promise<Vehicle[]> {
  const rows = await q
    .select()
    .from(vehicles)
    .where(and(eq(vehicles.orgId, orgId), isNull(vehicles.deletedAt)))
    .orderBy(asc(sql`lower(${vehicles.regNumber})`), asc(vehicles.id));
  return rows.map(vehicleToApi);
}

/**
 * Another vehicle of the organization whose registration matches, trimmed and case-insensitively;
 * decommissioned vehicles keep theirs, so they count.
 */
export async function regNumberHolder(q: Queryable, orgId: string, regNumber: string, exceptVehicleId?: string): Promise<VehicleRow | undefined> {
  const [row] = await q
    .select()
    .from(vehicles)
    .where(
      and(
        eq(vehicles.orgId, orgId),
        isNull(vehicles.deletedAt),
        sql`lower(${vehicles.regNumber}) = ${regNumberKey(regNumber)}`,
        exceptVehicleId ? ne(vehicles.id, exceptVehicleId) : undefined,
      ),
    )
    .limit(1);
  return row;
}

export async function requireSection(q: Queryable, orgId: string, sectionId: string): Promise<void> {
  const [row] = await q
    .select({ id: sections.id })
    .from(sections)
    .where(and(eq(sections.id, sectionId), eq(sections.orgId, orgId), isNull(sections.deletedAt)));
  if (!row) throw badRequest(UNKNOWN_SECTION_MESSAGE);
}

/** A vehicle may only be given an active workflow of its organization. */
export async function requireActiveWorkflow(q: Queryable, orgId: string, workflowId: string): Promise<void> {
  const [row] = await q
    .select({ active: workflows.active })
    .from(workflows)
    .where(and(eq(workflows.id, workflowId), eq(workflows.orgId, orgId), isNull(workflows.deletedAt)));
  if (!row) throw badRequest(UNKNOWN_WORKFLOW_MESSAGE);
  if (!row.active) throw badRequest(INACTIVE_WORKFLOW_MESSAGE);
}

/** GET /data/v1/vehicles/{id}/workflow: the rules an inspection of the vehicle asks, in order. */
export async function vehicleWorkflow(q: Queryable, orgId: string, vehicleId: string): Promise<VehicleWorkflow> {
  const vehicle = await findVehicle(q, orgId, vehicleId);
  if (vehicle.workflowId === null) throw notFound('This vehicle has no inspection workflow');
  const [workflow] = await q
    .select({ id: workflows.id, version: workflows.version })
    .from(workflows)
    .where(and(eq(workflows.id, vehicle.workflowId), eq(workflows.orgId, orgId), isNull(workflows.deletedAt)));
  if (!workflow) throw notFound('The workflow of this vehicle no longer exists');
  const rows = await q
    .select({
      ruleId: workflowRules.ruleId,
      title: workflowRules.title,
      af1800Id: workflowRules.af1800Id,
      isBoolean: workflowRules.isBoolean,
      ruleType: workflowRules.ruleType,
      fields: workflowRules.fields,
      lookup: workflowRules.lookup,
      frequency: workflowRules.frequency,
    })
    .from(workflowRules)
    .where(and(eq(workflowRules.workflowId, workflow.id), eq(workflowRules.orgId, orgId), isNull(workflowRules.deletedAt)))
    .orderBy(asc(workflowRules.position), asc(workflowRules.id));
  const asked = await askedOf(q, orgId, vehicle.id, rows, new Date());
  const rules = rows.map((r) => {
    const rule = { ...r, ruleType: r.ruleType as RuleType, frequency: r.frequency as Frequency };
    return { ...rule, due: isAsked(rule, asked) };
  });
  return { version: workflow.version, workflowId: Number(workflow.id), rules };
}
