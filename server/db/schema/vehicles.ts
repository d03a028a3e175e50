import { boolean, date, index, integer, pgTable, real, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { syncColumns, ts } from './common.ts';

export const vehicleTypes = pgTable(
  'vehicle_types',
  {
    ...syncColumns(),
    name: text('name').notNull(),
  },
  (t) => [
    index('vehicle_types_org_rev').on(t.orgId, t.rev),
    uniqueIndex('vehicle_types_org_name')
      .on(t.orgId, sql`lower(${t.name})`)
      .where(sql`deleted_at is null`),
  ],
);

/**
 * A vehicle's current state. Section, workflow, type, WRM, EOL and status are copied here from the
 * newest rows of vehicle_management and vehicle_statuses, which keep the history.
 */
export const vehicles = pgTable(
  'vehicles',
  {
    ...syncColumns(),
    regNumber: text('reg_number').notNull(),
    /** A vehicle type name (vehicle_types.name), as section MELs refer to it. */
    vehicleType: text('vehicle_type').notNull(),
    year: integer('year'),
    make: text('make'),
    model: text('model'),
    wrm: boolean('wrm').notNull().default(false),
    eolDate: date('eol_date', { mode: 'string' }),
    /** null while in commission. */
    decommissionDate: ts('decommission_date'),
    lastReportedHours: integer('last_reported_hours'),
    lastReportedMileage: integer('last_reported_mileage'),
    /** 0 to 1, from the latest inspection. */
    fuelLevel: real('fuel_level'),
    sectionId: text('section_id'),
    /** workflows.id: the text of a numeric workflow id. */
    workflowId: text('workflow_id'),
    /** valid | warning | invalid | inMx */
    status: text('status').notNull().default('valid'),
    eticDate: ts('etic_date'),
    /** validFrom of the current management and status rows (management[0], status[0]). */
    managementValidFrom: ts('management_valid_from').notNull().defaultNow(),
    statusValidFrom: ts('status_valid_from').notNull().defaultNow(),
    statusUserId: text('status_user_id'),
  },
  (t) => [
    index('vehicles_org_rev').on(t.orgId, t.rev),
    // Decommissioned vehicles keep their registration: only a deleted one frees it.
    uniqueIndex('vehicles_org_reg_number')
      .on(t.orgId, sql`lower(${t.regNumber})`)
      .where(sql`deleted_at is null`),
    index('vehicles_section').on(t.sectionId),
    index('vehicles_workflow').on(t.workflowId),
  ],
);

/** History of section, workflow and description: one row from each change on. */
export const vehicleManagement = pgTable(
  'vehicle_management',
  {
    ...syncColumns(),
    vehicleId: text('vehicle_id').notNull(),
    sectionId: text('section_id'),
    workflowId: text('workflow_id'),
    vehicleType: text('vehicle_type').notNull(),
    wrm: boolean('wrm').notNull().default(false),
    eolDate: date('eol_date', { mode: 'string' }),
    eticDate: ts('etic_date'),
    validFrom: ts('valid_from').notNull(),
  },
  (t) => [index('vehicle_management_org_rev').on(t.orgId, t.rev), index('vehicle_management_vehicle').on(t.vehicleId, t.validFrom)],
);

/** History of status changes (Visits to Mx and Days in Maintenance are counted from it). */
export const vehicleStatuses = pgTable(
  'vehicle_statuses',
  {
    ...syncColumns(),
    vehicleId: text('vehicle_id').notNull(),
    status: text('status').notNull(),
    eticDate: ts('etic_date'),
    validFrom: ts('valid_from').notNull(),
    userId: text('user_id'),
  },
  (t) => [index('vehicle_statuses_org_rev').on(t.orgId, t.rev), index('vehicle_statuses_vehicle').on(t.vehicleId, t.validFrom)],
);
