import type { CorrectiveActionCode } from '../../core/schema/discrepancy.ts';
import type { RuleDefinition } from '../../core/schema/rule.ts';
import type { VehicleStatus } from '../../core/schema/vehicle.ts';
import { SYSTEM_CODES } from './catalog.ts';
import { person, type OrgContext } from './context.ts';
import { liveEvent } from './generate-events.ts';
import { storeFile } from './generate-files.ts';
import type { VehiclePlan } from './generate-fleet.ts';
import { failureText, itemOf, type InspectionRecord } from './generate-inspection.ts';
import type { Rng } from './random.ts';

type CodeKind = 'fixed' | 'completed' | 'disregarded' | Exclude<VehicleStatus, 'valid'>;

/**
 * Corrective-action codes handed out in turn per kind of discrepancy, so that an organization of a
 * few dozen vehicles already shows every code: fixed on the spot (C, C-T), repaired (C-P, C, C-T,
 * and N when the shop could not reproduce it), disregarded (N or none), and the open ones by the
 * status they keep the vehicle in (W and D for warning, D-P, D-D and D for inoperable, D-M and D-P
 * in maintenance).
 */
export class CodeCycles {
  private static readonly CODES: Record<CodeKind, readonly (CorrectiveActionCode | null)[]> = {
    fixed: ['C', 'C-T'],
    completed: ['C-P', 'C', 'N', 'C-T'],
    disregarded: ['N', null],
    warning: ['W', 'D'],
    invalid: ['D-P', 'D-D', 'D'],
    inMx: ['D-M', 'D-P'],
  };

  private readonly turns = new Map<CodeKind, number>();

  next(kind: CodeKind): CorrectiveActionCode | null {
    const codes = CodeCycles.CODES[kind];
    const turn = this.turns.get(kind) ?? 0;
    this.turns.set(kind, turn + 1);
    return codes[turn % codes.length]!;
  }
}

export interface DiscrepancyInput {
  rule: RuleDefinition;
  code: CorrectiveActionCode | null;
  disregard?: boolean;
  reportDate: Date | null;
  /** Sent to the shop: a work order, a system code and the maintenance employee. */
  workOrder: boolean;
  workDate?: Date | null;
  estCompletionDate?: Date | null;
  actualCompletionDate?: Date | null;
  validFrom: Date;
  numFixed: number;
  /** Whether the inspector took a photo of it. */
  picture?: boolean;
}

/** A discrepancy found by an inspection, with its photo when it has one; returns its id. */
export function writeDiscrepancy(ctx: OrgContext, rng: Rng, plan: VehiclePlan, inspection: InspectionRecord, d: DiscrepancyInput): string {
  const { inspector } = inspection;
  const id = rng.id();
  const item = itemOf(d.rule);
  const text = failureText(d.rule, inspection.values.get(d.rule.ruleId) ?? null);
  const year = String(inspection.completion.getUTCFullYear() % 100).padStart(2, '0');
  ctx.tables.discrepancies.push({
    id,
    orgId: ctx.orgId,
    vehicleId: plan.id,
    regNumber: plan.regNumber,
    itemNo: item,
    discrepancy: text,
    dateDiscovered: inspection.completion,
    inspectorId: inspector.id,
    reportMiles: inspection.miles,
    reportHours: inspection.hours,
    reportDate: d.reportDate,
    reporterUserId: d.reportDate ? person(ctx, 'dispatcher').id : null,
    workOrder: d.workOrder ? `WO${year}-${rng.digits(5)}` : null,
    validFrom: d.validFrom,
    af1800StatusCode: d.code,
    mxUserId: d.workOrder ? person(ctx, 'jrsuper').id : null,
    disregard: d.disregard ?? false,
    systemCode: d.workOrder ? (SYSTEM_CODES[item] ?? 'GENERAL') : null,
    numFixed: d.numFixed,
    parentInspectionId: inspection.id,
    actualCompletionDate: d.actualCompletionDate ?? null,
    workDate: d.workDate ?? null,
    estCompletionDate: d.estCompletionDate ?? null,
    createdAt: inspection.completion,
    updatedAt: d.validFrom,
  });
  liveEvent(ctx, rng.id(), plan, 'discrepancy', inspection.completion, inspector.id, {
    discrepancy: text,
    disregard: d.disregard ?? false,
    estCompletionDate: d.estCompletionDate?.toISOString() ?? null,
  });
  if (d.picture) {
    const filename = `IMG_${rng.digits(4)}.png`;
    const file = storeFile(ctx, rng, 'photo', filename, inspector.id, inspection.completion);
    const base = { orgId: ctx.orgId, fileId: file.sha256, annotation: text, createdAt: inspection.completion, updatedAt: inspection.completion };
    ctx.tables.inspectionPictures.push({
      id: rng.id(),
      ...base,
      inspectionId: inspection.id,
      resultId: inspection.resultIds.get(d.rule.ruleId) ?? null,
      ruleId: d.rule.ruleId,
      itemNo: item,
    });
    ctx.tables.discrepancyPictures.push({ id: rng.id(), ...base, discrepancyId: id, filename });
  }
  return id;
}
