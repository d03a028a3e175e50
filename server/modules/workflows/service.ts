import { and, eq, isNull } from 'drizzle-orm';
import { nanoid } from 'nanoid';
import { isAf1800TemplateTitle, isAf1800TemplateWorkflow } from '../../../core/rules/af1800-items.ts';
import { ruleDefinitionOf, ruleTitleKey, type RuleInput, type SavedRule } from '../../../core/schema/rule.ts';
import {
  INACTIVE_WORKFLOW_ASSIGN_MESSAGE,
  randomWorkflowId,
  RULE_TITLE_IN_USE_MESSAGE,
  TEMPLATE_DEACTIVATE_MESSAGE,
  TEMPLATE_REPLACE_MESSAGE,
  unknownRegNumbersMessage,
  VEHICLE_IDS_MISMATCH_MESSAGE,
  WORKFLOW_TITLE_IN_USE_MESSAGE,
  WORKFLOW_TITLE_RESERVED_MESSAGE,
  workflowReplacedMessage,
  type AssignByRegNumberBody,
  type CreateWorkflowBody,
  type UpdateWorkflowBody,
  type Workflow,
  type WorkflowWithRules,
} from '../../../core/schema/workflow.ts';
import type { Vehicle } from '../../../core/schema/vehicle.ts';
import type { Principal } from '../../auth/principal.ts';
import type { Tx } from '../../db/client.ts';
import { rules, vehicles, workflowRules, workflows } from '../../db/schema/index.ts';
import { badRequest, conflict } from '../../http/errors.ts';
import type { RouteWrite } from '../../http/route.ts';
import { savedRuleToApi, workflowToApi } from '../../sync/presenters/vehicle-and-inspection-presenters.ts';
import { addManagementRow } from '../vehicles/history.ts';
import { vehicleToApi } from '../vehicles/presenter.ts';
import { vehiclesMeant, type NamedVehicle } from '../vehicles/vehicle-meant.ts';
import { findWorkflow, rulesOf, workflowTitleTaken, type WorkflowRow } from './queries.ts';

/**
 * The writes of the workflow editor (part 2 §2.1, §2.2; docs/workflows.md). Each is one write through
 * the route's bound `write`: one transaction at one revision, so a saved or reassigned workflow reaches
 * every device through the pull. Every refusal is thrown inside it, so nothing is written.
 */

const modifier = (p: Principal) => ({ lastModifierId: p.userId, lastModifierName: `${p.givenName} ${p.familyName}`.trim() || null });

/** The columns of a rule as the editor sent it (ours: a rule typed in without an id gets one of its own). */
const ruleValues = (rule: RuleInput) => ruleDefinitionOf(rule, rule.ruleId ?? `C-${nanoid(12)}`);

/** Writes the rules not removed, in the order sent, as the workflow's rules (after its old ones went). */
async function writeRules(tx: Tx, orgId: string, workflowId: string, rev: number, now: Date, input: readonly RuleInput[]): Promise<void> {
  const kept = input.filter((r) => !r.isRemoved);
  const written = await tx
    .insert(workflowRules)
    .values(
      kept.map((rule, position) => ({ id: rule.workflowRuleId ?? nanoid(), orgId, rev, workflowId, position, ...ruleValues(rule), createdAt: now, updatedAt: now })),
    )
    .onConflictDoNothing()
    .returning({ id: workflowRules.id });
  if (written.length !== kept.length) throw conflict('A workflowRuleId is in use already: send new ids');
}

async function withRules(tx: Tx, row: WorkflowRow): Promise<WorkflowWithRules> {
  return { ...workflowToApi(row), rules: await rulesOf(tx, row.orgId, row.id) };
}

/** Moves the vehicles named to the workflow (each with its management history row); answers those moved. */
async function assign(tx: Tx, orgId: string, workflowId: string, rev: number, now: Date, named: readonly NamedVehicle[]): Promise<Vehicle[]> {
  const { rows, unknown } = await vehiclesMeant(tx, orgId, named);
  if (unknown.length > 0) throw badRequest(unknownRegNumbersMessage(unknown));
  const moved: Vehicle[] = [];
  for (const vehicle of rows.filter((v) => v.workflowId !== workflowId)) {
    const [row] = await tx
      .update(vehicles)
      .set({ workflowId, managementValidFrom: now, rev, updatedAt: now })
      .where(and(eq(vehicles.orgId, orgId), eq(vehicles.id, vehicle.id)))
      .returning();
    await addManagementRow(tx, row!, rev, now);
    moved.push(vehicleToApi(row!));
  }
  return moved;
}

/** Save As's registrations with the ids the device meant beside them (`vehicleIds`, in the same order). */
function namedVehicles(regNumbers: readonly string[], vehicleIds: readonly string[] | undefined): NamedVehicle[] {
  if (vehicleIds && vehicleIds.length !== regNumbers.length) throw badRequest(VEHICLE_IDS_MISMATCH_MESSAGE);
  return regNumbers.map((regNumber, i) => ({ regNumber, vehicleId: vehicleIds?.[i] }));
}

/** POST .../workflows: Save As, a new workflow with its rules, assigned at once to the vehicles named. */
export function createWorkflow(write: RouteWrite, p: Principal, body: CreateWorkflowBody): Promise<WorkflowWithRules> {
  return write(async ({ tx, rev, now }) => {
    if (await workflowTitleTaken(tx, p.orgId, body.title)) throw conflict(WORKFLOW_TITLE_IN_USE_MESSAGE);
    const id = String(body.workflowId ?? randomWorkflowId());
    const [row] = await tx
      .insert(workflows)
      .values({ id, orgId: p.orgId, rev, title: body.title, active: true, isTemplate: false, version: 1, ...modifier(p), createdAt: now, updatedAt: now })
      .onConflictDoNothing()
      .returning();
    if (!row) throw conflict('A workflow with this id exists already');
    await writeRules(tx, p.orgId, id, rev, now, body.rules);
    if (body.regNumbers?.length) await assign(tx, p.orgId, id, rev, now, namedVehicles(body.regNumbers, body.vehicleIds));
    return withRules(tx, row);
  });
}

/**
 * PATCH .../workflows/{id}: Save and Replace (a new title and the rules, the version raised, so an
 * inspection begun on the version before is told so), or restore (active true). An AF-1800 Full
 * workflow is never replaced nor set inactive; restoring any inactive workflow, one of them included,
 * is always allowed (part 2 §4: inactive becomes active by restore).
 */
export function updateWorkflow(write: RouteWrite, p: Principal, workflowId: number, body: UpdateWorkflowBody): Promise<WorkflowWithRules> {
  return write(async ({ tx, rev, now }) => {
    const current = await findWorkflow(tx, p.orgId, workflowId, true);
    const replacing = body.title !== undefined || body.rules !== undefined;
    if (replacing && isAf1800TemplateWorkflow(current)) throw badRequest(TEMPLATE_REPLACE_MESSAGE);
    if (replacing && body.baseVersion !== undefined && body.baseVersion !== current.version) {
      throw conflict(workflowReplacedMessage(current.title, current.lastModifierName, current.version));
    }
    if (body.active === false && isAf1800TemplateWorkflow(current)) throw badRequest(TEMPLATE_DEACTIVATE_MESSAGE);
    // The prefix is the templates' (core/rules/af1800-items.ts): no other workflow is renamed into it.
    if (body.title !== undefined && isAf1800TemplateTitle(body.title)) throw badRequest(WORKFLOW_TITLE_RESERVED_MESSAGE);
    if (body.title !== undefined && (await workflowTitleTaken(tx, p.orgId, body.title, current.id))) throw conflict(WORKFLOW_TITLE_IN_USE_MESSAGE);
    if (body.rules !== undefined) {
      await tx
        .update(workflowRules)
        .set({ deletedAt: now, rev, updatedAt: now })
        .where(and(eq(workflowRules.orgId, p.orgId), eq(workflowRules.workflowId, current.id), isNull(workflowRules.deletedAt)));
      await writeRules(tx, p.orgId, current.id, rev, now, body.rules);
    }
    const [row] = await tx
      .update(workflows)
      .set({
        ...(body.title !== undefined ? { title: body.title } : {}),
        ...(body.active !== undefined ? { active: body.active } : {}),
        ...(body.rules !== undefined ? { version: current.version + 1 } : {}),
        ...modifier(p),
        rev,
        updatedAt: now,
      })
      .where(eq(workflows.id, current.id))
      .returning();
    return withRules(tx, row!);
  });
}

/**
 * DELETE .../workflows/{id}: set inactive (the vehicles on it keep it; a new assignment needs it
 * restored). An AF-1800 Full workflow, by flag or by title, is never set inactive.
 */
export function deactivateWorkflow(write: RouteWrite, p: Principal, workflowId: number): Promise<Workflow> {
  return write(async ({ tx, rev, now }) => {
    const current = await findWorkflow(tx, p.orgId, workflowId, true);
    if (isAf1800TemplateWorkflow(current)) throw badRequest(TEMPLATE_DEACTIVATE_MESSAGE);
    const [row] = await tx
      .update(workflows)
      .set({ active: false, ...modifier(p), rev, updatedAt: now })
      .where(eq(workflows.id, current.id))
      .returning();
    return workflowToApi(row!);
  });
}

/** POST .../workflows/{id}/assignByRegNumber: the vehicles named move to the workflow; answers those that moved. */
export function assignWorkflow(write: RouteWrite, p: Principal, workflowId: number, body: AssignByRegNumberBody): Promise<Vehicle[]> {
  return write(async ({ tx, rev, now }) => {
    const workflow = await findWorkflow(tx, p.orgId, workflowId);
    if (!workflow.active) throw badRequest(INACTIVE_WORKFLOW_ASSIGN_MESSAGE);
    return assign(
      tx,
      p.orgId,
      workflow.id,
      rev,
      now,
      body.map((n) => (typeof n === 'string' ? { regNumber: n } : n)),
    );
  });
}

/** POST .../rules: a rule added to the pre-saved library (its title not in use there). */
export function createSavedRule(write: RouteWrite, p: Principal, body: RuleInput): Promise<SavedRule> {
  return write(async ({ tx, rev, now }) => {
    const values = ruleValues(body);
    const existing = await tx
      .select({ title: rules.title, ruleId: rules.ruleId })
      .from(rules)
      .where(and(eq(rules.orgId, p.orgId), isNull(rules.deletedAt)));
    if (existing.some((r) => ruleTitleKey(r.title) === ruleTitleKey(values.title))) throw conflict(RULE_TITLE_IN_USE_MESSAGE);
    if (existing.some((r) => r.ruleId === values.ruleId)) throw conflict('A pre-saved rule with this id exists already');
    const [row] = await tx
      .insert(rules)
      .values({ id: body.savedRuleId ?? nanoid(), orgId: p.orgId, rev, ...values, createdAt: now, updatedAt: now })
      .onConflictDoNothing()
      .returning();
    if (!row) throw conflict('A pre-saved rule with this savedRuleId exists already');
    return savedRuleToApi(row);
  });
}
