import { fileUrl } from '../../../core/schema/file.ts';
import { inspectionDetailMirrorStart, type Inspection, type InspectionFeedRow, type InspectionPicture } from '../../../core/schema/inspection.ts';
import type { RuleDefinition, SavedRule } from '../../../core/schema/rule.ts';
import type { Workflow, WorkflowRule } from '../../../core/schema/workflow.ts';
import type { FeedView } from '../sync-table.ts';
import { iso, isoOrNull, workflowIdOrNull, type RowOf } from './presenter-helpers.ts';

/**
 * Inspection workflows and their rules, saved rules and inspections (with results and pictures) in
 * their REST and feed shape (the rules in presenter-helpers.ts).
 */

export const workflowToApi = (row: RowOf<'workflows'>): Workflow => ({
  workflowId: Number(row.id),
  title: row.title,
  active: row.active,
  isTemplate: row.isTemplate,
  version: row.version,
  lastModifierId: row.lastModifierId,
  lastModifierName: row.lastModifierName,
  lastModificationDate: iso(row.updatedAt),
});

function ruleToApi(row: RowOf<'rules'> | RowOf<'workflowRules'>): RuleDefinition {
  return {
    ruleId: row.ruleId,
    originalRuleId: row.originalRuleId,
    title: row.title,
    description: row.description,
    frequency: row.frequency as RuleDefinition['frequency'],
    ruleType: row.ruleType as RuleDefinition['ruleType'],
    newRuleType: row.newRuleType as RuleDefinition['newRuleType'],
    fields: row.fields,
    lookup: row.lookup,
    af1800Id: row.af1800Id,
    isBoolean: row.isBoolean,
    area: row.area,
    comment: row.comment,
    picture: row.picture,
    requireAnnotationOnFailure: row.requireAnnotationOnFailure,
    fixable: row.fixable,
    icon: row.icon,
  };
}

export const workflowRuleToApi = (row: RowOf<'workflowRules'>): WorkflowRule => ({
  workflowRuleId: row.id,
  workflowId: Number(row.workflowId),
  position: row.position,
  ...ruleToApi(row),
});

export const savedRuleToApi = (row: RowOf<'rules'>): SavedRule => ({
  savedRuleId: row.id,
  ...ruleToApi(row),
  lastModificationDate: iso(row.updatedAt),
});

export const inspectionToApi = (row: RowOf<'inspections'>): Inspection => ({
  inspectionId: row.id,
  vehicleId: row.vehicleId,
  regNumber: row.regNumber,
  parentInspectionId: row.parentInspectionId,
  workflowId: workflowIdOrNull(row.workflowId),
  version: row.workflowVersion,
  inspectionDate: iso(row.inspectionDate),
  completionDate: isoOrNull(row.completionDate),
  submissionDate: isoOrNull(row.submissionDate),
  miles: row.miles,
  hours: row.hours,
  passed: row.passed,
  numFixes: row.numFixes,
  numNotes: row.numNotes,
  inspectorId: row.inspectorId,
  inspector: row.inspectorName,
  shift: row.shift,
  duration: row.durationSeconds,
  fuelLevel: row.fuelLevel,
  lastModificationDate: iso(row.updatedAt),
});

/**
 * An inspection as the feed `inspections` carries it: with its answers, unless it was performed before
 * the months devices keep answers of (inspectionDetailMirrorStart) and the whole history was not asked
 * for, or the pull brings answers later (the row was read without them).
 */
export function inspectionFeedRowToApi(row: RowOf<'inspections'>, view: FeedView = {}): InspectionFeedRow {
  const kept = view.answersLater !== true && (view.wholeHistory === true || row.inspectionDate >= inspectionDetailMirrorStart(new Date()));
  return { ...inspectionToApi(row), results: kept ? row.results : null };
}

/** Where a deleted inspection lived, as its REST shape says it (SyncTable.deleteAt). */
export const inspectionDeleteAt = (row: RowOf<'inspections'>): Pick<Inspection, 'vehicleId' | 'inspectionDate'> => ({
  vehicleId: row.vehicleId,
  inspectionDate: iso(row.inspectionDate),
});

export const inspectionPictureToApi = (row: RowOf<'inspectionPictures'>): InspectionPicture => ({
  pictureId: row.id,
  inspectionId: row.inspectionId,
  resultId: row.resultId,
  ruleId: row.ruleId,
  itemNo: row.itemNo,
  sha256: row.fileId,
  url: fileUrl(row.fileId),
  annotation: row.annotation,
});
