import { boolean, index, integer, jsonb, pgTable, real, text } from 'drizzle-orm/pg-core';
import type { InspectionResult } from '../../../core/schema/inspection.ts';
import { syncColumns, ts } from './common.ts';

export const inspections = pgTable(
  'inspections',
  {
    ...syncColumns(),
    vehicleId: text('vehicle_id').notNull(),
    /** Copied from the vehicle; rewritten with it when the registration changes. */
    regNumber: text('reg_number').notNull(),
    /** The inspection this one amends. */
    parentInspectionId: text('parent_inspection_id'),
    workflowId: text('workflow_id'),
    workflowVersion: integer('workflow_version'),
    inspectionDate: ts('inspection_date').notNull(),
    completionDate: ts('completion_date'),
    submissionDate: ts('submission_date'),
    miles: integer('miles'),
    hours: integer('hours'),
    passed: boolean('passed').notNull(),
    numFixes: integer('num_fixes').notNull().default(0),
    numNotes: integer('num_notes').notNull().default(0),
    inspectorId: text('inspector_id'),
    inspectorName: text('inspector_name'),
    shift: integer('shift'),
    durationSeconds: integer('duration_seconds'),
    /** 0 to 1, from the fuel rule's answer. */
    fuelLevel: real('fuel_level'),
    /**
     * The answers, in the feed's shape: read with the inspection, so stored with it (one row per
     * inspection instead of one per answer). Each keeps the rule as it was when inspected (overview).
     */
    results: jsonb('results').$type<InspectionResult[]>().notNull().default([]),
  },
  (t) => [
    index('inspections_org_rev').on(t.orgId, t.rev),
    index('inspections_vehicle_date').on(t.vehicleId, t.inspectionDate),
    index('inspections_org_date').on(t.orgId, t.inspectionDate),
  ],
);

export const inspectionPictures = pgTable(
  'inspection_pictures',
  {
    ...syncColumns(),
    inspectionId: text('inspection_id').notNull(),
    resultId: text('result_id'),
    ruleId: text('rule_id'),
    itemNo: integer('item_no'),
    /** The content's sha256 (file_contents, held by the organization in stored_files). */
    fileId: text('file_id').notNull(),
    annotation: text('annotation'),
  },
  (t) => [index('inspection_pictures_org_rev').on(t.orgId, t.rev), index('inspection_pictures_inspection').on(t.inspectionId)],
);
