import { boolean, date, index, pgTable, text } from 'drizzle-orm/pg-core';
import { auditColumns } from './audit.ts';
import { syncColumns, ts } from './common.ts';

/** Washes, waivers, TDY, notes and documents of a vehicle; reg_number is copied as in maintenance.ts. */

export const washes = pgTable(
  'washes',
  {
    ...syncColumns(),
    vehicleId: text('vehicle_id').notNull(),
    regNumber: text('reg_number').notNull(),
    washDate: ts('wash_date').notNull(),
    completed: boolean('completed').notNull().default(false),
    completionDate: ts('completion_date'),
    ...auditColumns(),
  },
  (t) => [index('washes_org_rev').on(t.orgId, t.rev), index('washes_vehicle').on(t.vehicleId, t.washDate)],
);

export const waivers = pgTable(
  'waivers',
  {
    ...syncColumns(),
    vehicleId: text('vehicle_id').notNull(),
    regNumber: text('reg_number').notNull(),
    ruleId: text('rule_id').notNull(),
    /** warning | fatal */
    waiverType: text('waiver_type').notNull().default('warning'),
    explanation: text('explanation').notNull(),
    /** open | fixed | closed */
    status: text('status').notNull().default('open'),
    closingDate: ts('closing_date'),
    ...auditColumns(),
  },
  (t) => [index('waivers_org_rev').on(t.orgId, t.rev), index('waivers_vehicle').on(t.vehicleId)],
);

export const waiverPictures = pgTable(
  'waiver_pictures',
  {
    ...syncColumns(),
    waiverId: text('waiver_id').notNull(),
    /** The content's sha256 (file_contents, held by the organization in stored_files). */
    fileId: text('file_id').notNull(),
    filename: text('filename'),
    annotation: text('annotation'),
  },
  (t) => [index('waiver_pictures_org_rev').on(t.orgId, t.rev), index('waiver_pictures_waiver').on(t.waiverId)],
);

/** Uploaded waiver cards; a vehicle's newest one is its card on file. */
export const waiverCards = pgTable(
  'waiver_cards',
  {
    ...syncColumns(),
    vehicleId: text('vehicle_id').notNull(),
    regNumber: text('reg_number').notNull(),
    /** The content's sha256. */
    fileId: text('file_id').notNull(),
    filename: text('filename'),
    mimeType: text('mime_type').notNull(),
    creatorId: text('creator_id'),
  },
  (t) => [index('waiver_cards_org_rev').on(t.orgId, t.rev), index('waiver_cards_vehicle').on(t.vehicleId)],
);

export const tdys = pgTable(
  'tdys',
  {
    ...syncColumns(),
    vehicleId: text('vehicle_id').notNull(),
    regNumber: text('reg_number').notNull(),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }),
    description: text('description').notNull(),
    completed: boolean('completed').notNull().default(false),
    ...auditColumns(),
  },
  (t) => [index('tdys_org_rev').on(t.orgId, t.rev), index('tdys_vehicle').on(t.vehicleId, t.startDate)],
);

/** A note per update: the newest is the vehicle's note, the rest its history. */
export const notes = pgTable(
  'notes',
  {
    ...syncColumns(),
    vehicleId: text('vehicle_id').notNull(),
    regNumber: text('reg_number').notNull(),
    note: text('note').notNull(),
    userId: text('user_id'),
    userName: text('user_name'),
  },
  (t) => [index('notes_org_rev').on(t.orgId, t.rev), index('notes_vehicle').on(t.vehicleId, t.createdAt)],
);

/** Auxiliary documents; file_id is the content's sha256. */
export const documents = pgTable(
  'documents',
  {
    ...syncColumns(),
    vehicleId: text('vehicle_id').notNull(),
    regNumber: text('reg_number').notNull(),
    fileId: text('file_id').notNull(),
    filename: text('filename').notNull(),
    description: text('description'),
    mimeType: text('mime_type').notNull(),
    ...auditColumns(),
  },
  (t) => [index('documents_org_rev').on(t.orgId, t.rev), index('documents_vehicle').on(t.vehicleId)],
);
