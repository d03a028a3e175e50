import { fileUrl } from '../../../core/schema/file.ts';
import type { Inspection, InspectionPicture, InspectionResult } from '../../../core/schema/inspection.ts';
import type { RuleDefinition, SavedRule } from '../../../core/schema/rule.ts';
import type { Vehicle, VehicleManagement, VehicleStatusRecord, VehicleType } from '../../../core/schema/vehicle.ts';
import type { Workflow, WorkflowRule } from '../../../core/schema/workflow.ts';
import { iso, isoOrNull, type RowOf } from './presenter-helpers.ts';

/**
 * Vehicle types, vehicles (with their management and status history), inspection workflows and their
 * rules, saved rules and inspections (with results and pictures) in their REST and feed shape (the
 * rules in presenter-helpers.ts).
 */

/** workflows.id is the text of the spec's numeric workflowId. */
const workflowIdOrNull = (id: string | null) => (id === null ? null : Number(id));

export const vehicleTypeToApi = (row: RowOf<'vehicleTypes'>): VehicleType => ({ vehicleTypeId: row.id, vehicleType: row.name });

export function vehicleToApi(row: RowOf<'vehicles'>): Vehicle {
  const workflowId = workflowIdOrNull(row.workflowId);
  const eticDate = isoOrNull(row.eticDate);
  return {
    vehicleId: row.id,
    regNumber: row.regNumber,
    orgId: row.orgId,
    vehicleType: row.vehicleType,
    year: row.year,
    make: row.make,
    model: row.model,
    wrm: row.wrm,
    eolDate: row.eolDate,
    decommissionDate: isoOrNull(row.decommissionDate),
    lastReportedHours: row.lastReportedHours,
    lastReportedMileage: row.lastReportedMileage,
    fuelLevel: row.fuelLevel,
    sectionId: row.sectionId,
    workflowId,
    eticDate,
    management: [
      {
        sectionId: row.sectionId,
        workflowId,
        vehicleType: row.vehicleType,
        wrm: row.wrm,
        eolDate: row.eolDate,
        eticDate,
        validFrom: iso(row.managementValidFrom),
      },
    ],
    status: [{ status: row.status as Vehicle['status'][number]['status'], eticDate, validFrom: iso(row.statusValidFrom), userId: row.statusUserId }],
    lastModificationDate: iso(row.updatedAt),
  };
}

export const vehicleManagementToApi = (row: RowOf<'vehicleManagement'>): VehicleManagement => ({
  managementId: row.id,
  vehicleId: row.vehicleId,
  sectionId: row.sectionId,
  workflowId: workflowIdOrNull(row.workflowId),
  vehicleType: row.vehicleType,
  wrm: row.wrm,
  eolDate: row.eolDate,
  eticDate: isoOrNull(row.eticDate),
  validFrom: iso(row.validFrom),
});

export const vehicleStatusToApi = (row: RowOf<'vehicleStatuses'>): VehicleStatusRecord => ({
  statusId: row.id,
  vehicleId: row.vehicleId,
  status: row.status as VehicleStatusRecord['status'],
  eticDate: isoOrNull(row.eticDate),
  validFrom: iso(row.validFrom),
  userId: row.userId,
});

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

export const inspectionResultToApi = (row: RowOf<'inspectionResults'>): InspectionResult => ({
  resultId: row.id,
  inspectionId: row.inspectionId,
  position: row.position,
  ruleId: row.ruleId,
  result: { isPassing: row.isPassing, value: row.value ?? null },
  isFixed: row.isFixed,
  comment: row.comment,
  overview: row.overview,
  type: row.type as InspectionResult['type'],
  units: row.units,
});

export const inspectionPictureToApi = (row: RowOf<'inspectionPictures'>): InspectionPicture => ({
  pictureId: row.id,
  inspectionId: row.inspectionId,
  resultId: row.resultId,
  ruleId: row.ruleId,
  itemNo: row.itemNo,
  storedFileId: row.fileId,
  url: fileUrl(row.fileId),
  annotation: row.annotation,
});
