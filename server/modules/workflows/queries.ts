import { and, asc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import { compareNames } from '../../../core/rules/compare-names.ts';
import { regNumberKey } from '../../../core/schema/registration.ts';
import type { SavedRule } from '../../../core/schema/rule.ts';
import { workflowTitleKey, type Workflow, type WorkflowRule } from '../../../core/schema/workflow.ts';
import type { Queryable } from '../../db/client.ts';
import { rules, vehicles, workflowRules, workflows } from '../../db/schema/index.ts';
import { notFound } from '../../http/errors.ts';
import { savedRuleToApi, workflowRuleToApi, workflowToApi } from '../../sync/presenters/vehicle-and-inspection-presenters.ts';

export type WorkflowRow = typeof workflows.$inferSelect;

const byTitle = (a: { title: string }, b: { title: string }) => compareNames(a.title, b.title);

/** The organization's workflows by title: the active ones, or every one with `archives`. */
export async function listWorkflows(q: Queryable, orgId: string, archives: boolean): Promise<Workflow[]> {
  const rows = await q
    .select()
    .from(workflows)
    .where(and(eq(workflows.orgId, orgId), isNull(workflows.deletedAt), archives ? undefined : eq(workflows.active, true)));
  return rows.map(workflowToApi).sort(byTitle);
}

/** A workflow of the organization (404 when it has none of that id). */
export async function findWorkflow(q: Queryable, orgId: string, workflowId: number, forUpdate = false): Promise<WorkflowRow> {
  const query = q
    .select()
    .from(workflows)
    .where(and(eq(workflows.orgId, orgId), eq(workflows.id, String(workflowId)), isNull(workflows.deletedAt)));
  const [row] = await (forUpdate ? query.for('update') : query);
  if (!row) throw notFound(`This organization has no workflow ${workflowId}`);
  return row;
}

/** A workflow's rules in order. */
export async function rulesOf(q: Queryable, orgId: string, workflowId: string): Promise<WorkflowRule[]> {
  const rows = await q
    .select()
    .from(workflowRules)
    .where(and(eq(workflowRules.orgId, orgId), eq(workflowRules.workflowId, workflowId), isNull(workflowRules.deletedAt)))
    .orderBy(asc(workflowRules.position), asc(workflowRules.id));
  return rows.map(workflowRuleToApi);
}

/** Whether another workflow of the organization has the title (trimmed, any case; inactive ones too). */
export async function workflowTitleTaken(q: Queryable, orgId: string, title: string, exceptId?: string): Promise<boolean> {
  const [row] = await q
    .select({ id: workflows.id })
    .from(workflows)
    .where(
      and(
        eq(workflows.orgId, orgId),
        isNull(workflows.deletedAt),
        sql`lower(trim(${workflows.title})) = ${workflowTitleKey(title)}`,
        exceptId === undefined ? undefined : ne(workflows.id, exceptId),
      ),
    );
  return row !== undefined;
}

/** The pre-saved rule library, by title. */
export async function listSavedRules(q: Queryable, orgId: string): Promise<SavedRule[]> {
  const rows = await q
    .select()
    .from(rules)
    .where(and(eq(rules.orgId, orgId), isNull(rules.deletedAt)));
  return rows.map(savedRuleToApi).sort(byTitle);
}

/** The organization's vehicles of these registrations (compared as registrations are), and the registrations it has none of. */
export async function vehiclesByReg(q: Queryable, orgId: string, regNumbers: readonly string[]) {
  const keys = [...new Set(regNumbers.map(regNumberKey))];
  const rows =
    keys.length === 0
      ? []
      : await q
          .select()
          .from(vehicles)
          .where(and(eq(vehicles.orgId, orgId), isNull(vehicles.deletedAt), inArray(sql`lower(trim(${vehicles.regNumber}))`, keys)));
  const found = new Set(rows.map((v) => regNumberKey(v.regNumber)));
  return { rows, unknown: regNumbers.filter((r) => !found.has(regNumberKey(r))) };
}
