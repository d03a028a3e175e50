import { createHash } from 'node:crypto';
import { and, asc, desc, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { InspectionDetail, Inspection } from '../../../core/schema/inspection.ts';
import { ID_LENGTH } from '../../../core/schema/common.ts';
import type { SubmissionRule } from '../../../core/rules/inspection-submission.ts';
import { inspectionDay, type Asked } from '../../../core/rules/rule-due.ts';
import type { RuleDefinition } from '../../../core/schema/rule.ts';
import type { Queryable } from '../../db/client.ts';
import { inspectionPictures, inspections, workflowRules, workflows } from '../../db/schema/index.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { inspectionPictureToApi, inspectionToApi } from '../../sync/presenters/vehicle-and-inspection-presenters.ts';

export type InspectionRow = typeof inspections.$inferSelect;

/** An id made from what identifies a thing (a retried submission makes the same one): nanoid-sized, url-safe. */
export function derivedId(...parts: readonly string[]): string {
  return createHash('sha256').update(parts.join('\u0000')).digest('base64url').slice(0, ID_LENGTH);
}

const live = (orgId: string) => and(eq(inspections.orgId, orgId), isNull(inspections.deletedAt));

/** GET .../inspection/history: the vehicle's inspections, newest first, without their results. */
export async function inspectionHistory(q: Queryable, orgId: string, vehicleId: string): Promise<Inspection[]> {
  const rows = await q
    .select()
    .from(inspections)
    .where(and(live(orgId), eq(inspections.vehicleId, vehicleId)))
    .orderBy(desc(inspections.inspectionDate), desc(inspections.id));
  return rows.map(inspectionToApi);
}

export async function findInspection(q: Queryable, orgId: string, vehicleId: string, inspectionId: string): Promise<InspectionRow> {
  const [row] = await q
    .select()
    .from(inspections)
    .where(and(live(orgId), eq(inspections.vehicleId, vehicleId), eq(inspections.id, inspectionId)));
  if (!row) throw notFound('This inspection does not exist');
  return row;
}

/** The vehicle's newest inspection: the one an amendment without a parent amends. */
export async function newestInspection(q: Queryable, orgId: string, vehicleId: string): Promise<InspectionRow | undefined> {
  const [row] = await q
    .select()
    .from(inspections)
    .where(and(live(orgId), eq(inspections.vehicleId, vehicleId)))
    .orderBy(desc(inspections.inspectionDate), desc(inspections.id))
    .limit(1);
  return row;
}

/** An inspection with its results and each result's pictures (GET .../inspection/{id}, and a submission's answer). */
export async function inspectionDetail(q: Queryable, row: InspectionRow): Promise<InspectionDetail> {
  const pictures = await q
    .select()
    .from(inspectionPictures)
    .where(and(eq(inspectionPictures.orgId, row.orgId), inArray(inspectionPictures.inspectionId, [row.id]), isNull(inspectionPictures.deletedAt)))
    .orderBy(asc(inspectionPictures.id));
  const of = (resultId: string) => pictures.filter((p) => p.resultId === resultId).map(inspectionPictureToApi);
  return { ...inspectionToApi(row), results: row.results.map((r) => ({ ...r, pictures: of(r.resultId) })) };
}

export interface WorkflowVersion {
  id: string;
  title: string;
  version: number;
  rules: SubmissionRule[];
}

/**
 * The workflow a submission names, with its rules: 400 when the organization has no such workflow,
 * or the version is one it never had (a version above its current one).
 */
export async function submittedWorkflow(q: Queryable, orgId: string, workflowId: number, version: number): Promise<WorkflowVersion> {
  const [workflow] = await q
    .select({ id: workflows.id, title: workflows.title, version: workflows.version })
    .from(workflows)
    .where(and(eq(workflows.orgId, orgId), eq(workflows.id, String(workflowId)), isNull(workflows.deletedAt)));
  if (!workflow) throw badRequest(`workflowId: this organization has no workflow ${workflowId}`);
  if (version > workflow.version) {
    throw badRequest(`version: workflow "${workflow.title}" is at version ${workflow.version}; it has no version ${version}`);
  }
  const rows = await q
    .select()
    .from(workflowRules)
    .where(and(eq(workflowRules.orgId, orgId), eq(workflowRules.workflowId, workflow.id), isNull(workflowRules.deletedAt)))
    .orderBy(asc(workflowRules.position), asc(workflowRules.id));
  const rules = rows.map((r): SubmissionRule => ({
    ruleId: r.ruleId,
    title: r.title,
    description: r.description,
    ruleType: r.ruleType as RuleDefinition['ruleType'],
    fields: r.fields,
    lookup: r.lookup,
    af1800Id: r.af1800Id,
    isBoolean: r.isBoolean,
    fixable: r.fixable,
    frequency: r.frequency as RuleDefinition['frequency'],
  }));
  return { ...workflow, rules };
}

/**
 * What an inspection of the vehicle begun at `at` asks (core/rules/rule-due.ts): its day, and the day
 * the vehicle last answered each rule before it. Rules of every inspection need no history, so a
 * workflow without others reads nothing.
 */
export async function askedOf(q: Queryable, orgId: string, vehicleId: string, rules: readonly { ruleId: string; frequency: string }[], at: Date): Promise<Asked> {
  const periodic = rules.filter((r) => r.frequency !== 'daily').map((r) => r.ruleId);
  if (periodic.length === 0) return { day: inspectionDay(at), lastAnswered: new Map() };
  const answer = sql`jsonb_array_elements(${inspections.results})`;
  const ruleId = sql<string>`answer ->> 'ruleId'`;
  const rows = await q
    .select({ ruleId, last: sql<string | Date>`max(${inspections.inspectionDate})` })
    .from(sql`${inspections} cross join lateral ${answer} as answer`)
    .where(and(live(orgId), eq(inspections.vehicleId, vehicleId), lt(inspections.inspectionDate, at), inArray(ruleId, periodic)))
    .groupBy(ruleId);
  return { day: inspectionDay(at), lastAnswered: new Map(rows.map((r) => [r.ruleId, inspectionDay(r.last)])) };
}
