import { nanoid } from 'nanoid';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { AppContext } from '../../server/context.ts';
import { and, eq } from 'drizzle-orm';
import { discrepancies, inspections, sections, vehicles, workflowRules, workflows } from '../../server/db/schema/index.ts';
import { randomWorkflowId } from '../../core/schema/workflow.ts';

/** A row of an organization's table as a test gives it: the organization and revision are filled in, the id if left out. */
export type OrgRow<T extends PgTable> = Omit<T['$inferInsert'], 'id' | 'orgId' | 'rev'> & { id?: string };

/**
 * Inserts rows of one table into the organization in one write (one revision, as the server's own
 * writes do), and answers their ids. Tests build their data with this and the helpers below instead
 * of writing their own inserts.
 */
export async function insertRows<T extends PgTable>(ctx: AppContext, orgId: string, table: T, rows: readonly NoInfer<OrgRow<T>>[]): Promise<string[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id ?? nanoid());
  await ctx.write(orgId, undefined, async ({ tx, rev }) => {
    for (const [i, row] of rows.entries()) await tx.insert(table).values({ ...row, id: ids[i], orgId, rev } as never);
  });
  return ids;
}

/** Changes to rows of one table of the organization in one write (a new revision), as the sync push or an amendment makes them. */
export async function updateRows<T extends PgTable & { id: AnyPgColumn; orgId: AnyPgColumn }>(
  ctx: AppContext,
  orgId: string,
  table: T,
  changes: readonly { id: string; set: Partial<T['$inferInsert']> }[],
): Promise<void> {
  await ctx.write(orgId, undefined, async ({ tx, rev }) => {
    for (const c of changes)
      await tx
        .update(table)
        .set({ ...c.set, rev } as never)
        .where(and(eq(table.id, c.id), eq(table.orgId, orgId)));
  });
}

/** Sections of the organization, by name. */
export function addSections(ctx: AppContext, orgId: string, names: readonly string[], extra: Partial<OrgRow<typeof sections>> = {}): Promise<string[]> {
  return insertRows(
    ctx,
    orgId,
    sections,
    names.map((name) => ({ name, ...extra })),
  );
}

export interface WorkflowSpec {
  title?: string;
  active?: boolean;
  rules?: { ruleId: string; title: string; af1800Id?: number | null; isBoolean?: boolean }[];
}

/** An inspection workflow of the organization with pass/fail rules in the given order; answers its (numeric) id. */
export async function addWorkflow(ctx: AppContext, orgId: string, spec: WorkflowSpec = {}): Promise<number> {
  const id = String(randomWorkflowId());
  await insertRows(ctx, orgId, workflows, [{ id, title: spec.title ?? `Daily ${nanoid(6)}`, active: spec.active ?? true }]);
  await insertRows(
    ctx,
    orgId,
    workflowRules,
    (spec.rules ?? []).map((rule, position) => ({
      workflowId: id,
      position,
      ruleId: rule.ruleId,
      title: rule.title,
      ruleType: 'passFail',
      af1800Id: rule.af1800Id ?? null,
      isBoolean: rule.isBoolean ?? true,
    })),
  );
  return Number(id);
}

/** Puts the vehicle on the workflow (its rules are the ones discrepancies and waivers may name). */
export async function setVehicleWorkflow(ctx: AppContext, orgId: string, vehicleId: string, workflowId: number): Promise<void> {
  await ctx.write(orgId, undefined, ({ tx, rev }) =>
    tx
      .update(vehicles)
      .set({ workflowId: String(workflowId), rev })
      .where(eq(vehicles.id, vehicleId)),
  );
}

export interface ResultSpec {
  ruleId: string;
  isPassing: boolean;
  value: boolean | number;
  comment?: string;
  title?: string;
  units?: string;
}

export interface InspectionSpec {
  date: string;
  inspector: { userId: string; name: string };
  shift?: number;
  miles?: number;
  hours?: number;
  parent?: string;
  results?: ResultSpec[];
}

/** A submitted inspection of the vehicle with its results (a number is a threshold check, a boolean pass/fail); answers its id. */
export async function addInspection(ctx: AppContext, orgId: string, vehicle: { vehicleId: string; regNumber: string }, spec: InspectionSpec): Promise<string> {
  const at = new Date(spec.date);
  const [id] = await insertRows(ctx, orgId, inspections, [
    {
      vehicleId: vehicle.vehicleId,
      regNumber: vehicle.regNumber,
      parentInspectionId: spec.parent ?? null,
      inspectionDate: at,
      completionDate: at,
      submissionDate: at,
      miles: spec.miles ?? null,
      hours: spec.hours ?? null,
      passed: (spec.results ?? []).every((r) => r.isPassing),
      inspectorId: spec.inspector.userId,
      inspectorName: spec.inspector.name,
      shift: spec.shift ?? null,
      results: (spec.results ?? []).map((r, position) => {
        const type = typeof r.value === 'number' ? 'threshold' : 'passFail';
        return {
          resultId: nanoid(),
          position,
          ruleId: r.ruleId,
          result: { isPassing: r.isPassing, value: r.value },
          isFixed: false,
          comment: r.comment ?? null,
          overview: { title: r.title ?? r.ruleId, description: null, ruleType: type, fields: {} },
          type,
          units: r.units ?? null,
        };
      }),
    },
  ]);
  return id!;
}

/** A discrepancy of the vehicle; answers its id. */
export async function addDiscrepancy(
  ctx: AppContext,
  orgId: string,
  vehicle: { vehicleId: string; regNumber: string },
  spec: Omit<OrgRow<typeof discrepancies>, 'vehicleId' | 'regNumber'>,
): Promise<string> {
  const [id] = await insertRows(ctx, orgId, discrepancies, [{ ...spec, vehicleId: vehicle.vehicleId, regNumber: vehicle.regNumber }]);
  return id!;
}
