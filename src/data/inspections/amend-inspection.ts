import { z } from 'zod';
import { af1800RuleId } from '../../../core/rules/af1800-items.ts';
import { ruleOfResponse } from '../../../core/rules/inspection-submission.ts';
import { entityId, isoDateTime } from '../../../core/schema/common.ts';
import { DISCREPANCY_TEXT_MAX } from '../../../core/schema/discrepancy.ts';
import { inspectionPaths, type InspectionResult } from '../../../core/schema/inspection.ts';
import { workflowIdSchema } from '../../../core/schema/workflow.ts';
import { rowKey } from '../../db/row-key.ts';
import { parseArgs, type Mutator } from '../../sync/mutator.ts';
import { actorOf } from '../actor.ts';
import { newDiscrepancyRow } from '../discrepancies/mutators.ts';

export interface AmendInspectionArgs {
  vehicleId: string;
  /** The inspection (AF1800 entry) amended. */
  inspectionId: string;
  /** The added result's id, which is also the id of the discrepancy it reports. */
  resultId: string;
  itemNo: number;
  discrepancy: string;
  reportMiles: number | null;
  reportHours: number | null;
  /** The vehicle's workflow the amendment is checked against. */
  workflowId: number;
  version: number;
  userId: string;
  /** When it was made; filled in by parse, so a replay writes the same. */
  at?: string;
}

const reading = z.number().int().min(1).nullable();
const argsSchema = z.object({
  vehicleId: entityId,
  inspectionId: entityId,
  resultId: entityId,
  itemNo: z.number().int().min(1),
  discrepancy: z.string().trim().min(1, 'Discrepancy is required').max(DISCREPANCY_TEXT_MAX),
  reportMiles: reading,
  reportHours: reading,
  workflowId: workflowIdSchema,
  version: z.number().int().min(1),
  userId: z.string().min(1),
  at: isoDateTime.optional(),
});

/**
 * Amends a previous AF1800 (Required Mx's 'Report New Discrepancy', part 1 §5, §7): PATCH
 * .../inspection/recent with one failed pass/fail response 'AF1800-{n}' and the report's miles and
 * hours. The server adds it to the inspection and reports it as a discrepancy of that inspection
 * (docs/inspections.md); the mirror shows both at once.
 */
export const amendInspection: Mutator<AmendInspectionArgs> = {
  name: 'amendInspection',
  parse(args) {
    const parsed = parseArgs(argsSchema, args);
    return { ...parsed, at: parsed.at ?? new Date().toISOString() };
  },
  request: (a) => ({
    method: 'PATCH',
    path: inspectionPaths.recentV2.build({ vehicleId: a.vehicleId }),
    body: {
      version: a.version,
      workflowId: a.workflowId,
      parentInspectionId: a.inspectionId,
      ...(a.reportMiles !== null ? { miles: a.reportMiles } : {}),
      ...(a.reportHours !== null ? { hours: a.reportHours } : {}),
      responses: [{ resultId: a.resultId, ruleId: af1800RuleId(a.itemNo), type: 'passFail', result: { isPassing: false }, comment: a.discrepancy }],
    },
  }),
  touches: (a) => [rowKey('inspections', a.inspectionId), rowKey('discrepancies', a.resultId)],
  creates: (a) => [rowKey('discrepancies', a.resultId)],
  reads: ['users', 'workflowRules'],
  async apply(db, a) {
    const at = a.at ?? new Date().toISOString();
    db.locations.note('inspections', [{ id: a.inspectionId, vehicleId: a.vehicleId }]);
    const inspection = await db.feed('inspections').get(a.inspectionId);
    if (!inspection) return;
    const by = await actorOf(db, a.userId);
    const rules = await db.feed('workflowRules').where('workflowId').equals(a.workflowId).toArray();
    const rule = ruleOfResponse(rules, af1800RuleId(a.itemNo));
    const kept = (inspection.results ?? []).filter((r) => r.resultId !== a.resultId);
    const result: InspectionResult = {
      resultId: a.resultId,
      position: kept.length,
      ruleId: af1800RuleId(a.itemNo),
      result: { isPassing: false, value: null },
      isFixed: false,
      comment: a.discrepancy,
      overview: rule ? { title: rule.title, description: rule.description, ruleType: rule.ruleType, fields: { ...rule.fields } } : null,
      type: 'passFail',
      units: rule?.fields.units ?? null,
      amendedAt: at,
      amendedBy: by.name,
    };
    await db.feed('inspections').put({ ...inspection, passed: false, results: inspection.results === null ? null : [...kept, result] });
    const discrepancy = newDiscrepancyRow({
      mxId: a.resultId,
      vehicleId: a.vehicleId,
      regNumber: inspection.regNumber,
      itemNo: a.itemNo,
      discrepancy: a.discrepancy,
      dateDiscovered: inspection.inspectionDate,
      inspectorId: inspection.inspectorId,
      reportMiles: a.reportMiles,
      reportHours: a.reportHours,
      parentInspectionId: a.inspectionId,
      reporterId: a.userId,
      at,
    });
    await db.feed('discrepancies').put({ ...discrepancy, id: a.resultId });
  },
};
