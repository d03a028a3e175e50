import { boolean, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { auditColumns } from './audit.ts';
import { syncColumns, ts } from './common.ts';

/**
 * Vehicle child tables copy the vehicle's registration number (reg_number) so that rows serialize
 * without a join; a registration change rewrites it in the same transaction.
 */

/** Required maintenance: AF1800 discrepancies. */
export const discrepancies = pgTable(
  'discrepancies',
  {
    ...syncColumns(),
    vehicleId: text('vehicle_id').notNull(),
    regNumber: text('reg_number').notNull(),
    itemNo: integer('item_no').notNull(),
    discrepancy: text('discrepancy').notNull(),
    dateDiscovered: ts('date_discovered').notNull(),
    inspectorId: text('inspector_id'),
    reportMiles: integer('report_miles'),
    reportHours: integer('report_hours'),
    reportDate: ts('report_date'),
    reporterUserId: text('reporter_user_id'),
    workOrder: text('work_order'),
    validFrom: ts('valid_from').notNull().defaultNow(),
    /** A corrective-action code: C, C-T, C-P, D, D-P, D-M, D-D, W, N. */
    af1800StatusCode: text('af1800_status_code'),
    mxUserId: text('mx_user_id'),
    disregard: boolean('disregard').notNull().default(false),
    systemCode: text('system_code'),
    numFixed: integer('num_fixed').notNull().default(0),
    parentInspectionId: text('parent_inspection_id'),
    actualCompletionDate: ts('actual_completion_date'),
    workDate: ts('work_date'),
    estCompletionDate: ts('est_completion_date'),
  },
  (t) => [
    index('discrepancies_org_rev').on(t.orgId, t.rev),
    index('discrepancies_vehicle').on(t.vehicleId, t.dateDiscovered),
    index('discrepancies_parent_inspection').on(t.parentInspectionId),
  ],
);

export const discrepancyPictures = pgTable(
  'discrepancy_pictures',
  {
    ...syncColumns(),
    discrepancyId: text('discrepancy_id').notNull(),
    /** The content's sha256 (file_contents, held by the organization in stored_files). */
    fileId: text('file_id').notNull(),
    filename: text('filename'),
    annotation: text('annotation'),
  },
  (t) => [index('discrepancy_pictures_org_rev').on(t.orgId, t.rev), index('discrepancy_pictures_discrepancy').on(t.discrepancyId)],
);

function scheduledColumns() {
  return {
    vehicleId: text('vehicle_id').notNull(),
    regNumber: text('reg_number').notNull(),
    mxDate: ts('mx_date').notNull(),
    completed: boolean('completed').notNull().default(false),
    completionDate: ts('completion_date'),
    ...auditColumns(),
  };
}

export const scheduledMx = pgTable(
  'scheduled_mx',
  {
    ...syncColumns(),
    ...scheduledColumns(),
    mxType: text('mx_type').notNull(),
  },
  (t) => [index('scheduled_mx_org_rev').on(t.orgId, t.rev), index('scheduled_mx_vehicle').on(t.vehicleId, t.mxDate)],
);

export const ltis = pgTable(
  'ltis',
  {
    ...syncColumns(),
    ...scheduledColumns(),
    /** Only set while completed. */
    passed: boolean('passed'),
    notes: text('notes'),
  },
  (t) => [index('ltis_org_rev').on(t.orgId, t.rev), index('ltis_vehicle').on(t.vehicleId, t.mxDate)],
);

export const pmis = pgTable(
  'pmis',
  {
    ...syncColumns(),
    ...scheduledColumns(),
    /** Only set while completed. */
    passed: boolean('passed'),
    notes: text('notes'),
  },
  (t) => [index('pmis_org_rev').on(t.orgId, t.rev), index('pmis_vehicle').on(t.vehicleId, t.mxDate)],
);
