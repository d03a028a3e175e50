import { bigint, integer, jsonb, pgTable, text, uniqueIndex, index } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import type { ShiftDay } from '../../../core/schema/organization.ts';
import { syncColumns } from './common.ts';

/**
 * The per-organization revision counter. Kept apart from `organizations` so that the
 * organization's own row does not look changed to every pull after every write.
 */
export const orgClocks = pgTable('org_clocks', {
  orgId: text('org_id').primaryKey(),
  rev: bigint('rev', { mode: 'number' }).notNull().default(0),
  /** Highest revision of a purged tombstone: cursors below it must reset. */
  horizonRev: bigint('horizon_rev', { mode: 'number' }).notNull().default(0),
  /**
   * Who gave out the cursors of this database since the last server start: a random id set at every
   * start (server/sync/epoch.ts), with the revision the organization stood at then (`epoch_rev`).
   * A cursor of another epoch stands only up to that revision: past it, the device saw revisions this
   * database no longer has (restored from an older backup, or another database).
   */
  epoch: text('epoch').notNull().default(''),
  epochRev: bigint('epoch_rev', { mode: 'number' }).notNull().default(0),
});

/** An organization; its `org_id` is its own id. */
export const organizations = pgTable('organizations', {
  ...syncColumns(),
  name: text('name').notNull(),
  location: text('location'),
  eolLeadTime: integer('eol_lead_time').notNull().default(30),
  mxLeadTime: integer('mx_lead_time').notNull().default(7),
  tdyLeadTime: integer('tdy_lead_time').notNull().default(7),
  washLeadTime: integer('wash_lead_time').notNull().default(7),
  ltiLeadTime: integer('lti_lead_time').notNull().default(14),
  pmiLeadTime: integer('pmi_lead_time').notNull().default(14),
  primaryContactUserId: text('primary_contact_user_id'),
  primaryContactPhoneNumber: text('primary_contact_phone_number'),
  basePhoneNumber: text('base_phone_number'),
  /**
   * The organization's IANA time zone: its days, months and shifts (core/rules/org-clock.ts). Null
   * until chosen (a new organization takes its first vco's browser zone); organizations from before
   * zones have UTC, as they behaved.
   */
  timeZone: text('time_zone'),
  /** Seven days, three shifts each, times as HHmm in UTC (part 2 §3). */
  shiftTimes: jsonb('shift_times')
    .$type<ShiftDay[]>()
    .notNull()
    .default(sql`'[]'::jsonb`),
});

export const sections = pgTable(
  'sections',
  {
    ...syncColumns(),
    name: text('name').notNull(),
  },
  (t) => [index('sections_org_rev').on(t.orgId, t.rev)],
);

/** Minimum equipment level: how many vehicles of a type a section must keep available. */
export const sectionMels = pgTable(
  'section_mels',
  {
    ...syncColumns(),
    sectionId: text('section_id').notNull(),
    vehicleType: text('vehicle_type').notNull(),
    mel: integer('mel').notNull(),
  },
  (t) => [
    index('section_mels_org_rev').on(t.orgId, t.rev),
    uniqueIndex('section_mels_section_type')
      .on(t.sectionId, t.vehicleType)
      .where(sql`deleted_at is null`),
  ],
);
