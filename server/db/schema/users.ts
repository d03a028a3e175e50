import { boolean, index, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { syncColumns, ts } from './common.ts';

/**
 * Users of the product. `org_id` is the organization the user belongs to; a user known to the
 * product but not yet placed in one (first sign-in through an external issuer) has the empty string
 * and is invisible to every organization until POST /data/v1/organizations/{orgId}/users adds them.
 */
export const users = pgTable(
  'users',
  {
    ...syncColumns(),
    email: text('email').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    /** inspector | dispatcher | jrSuper | sectionLead | vco, or null for a user without a role. */
    role: text('role'),
    isAdmin: boolean('is_admin').notNull().default(false),
    active: boolean('active').notNull().default(true),
    sectionId: text('section_id'),
    /** argon2id; null for users who sign in through an external issuer. */
    passwordHash: text('password_hash'),
    lastSignInAt: ts('last_sign_in_at'),
  },
  (t) => [index('users_org_rev').on(t.orgId, t.rev), uniqueIndex('users_email').on(sql`lower(${t.email})`)],
);

/** Per-user settings as field/value pairs (saved grid views and the like). */
export const userSettings = pgTable(
  'user_settings',
  {
    ...syncColumns(),
    userId: text('user_id').notNull(),
    field: text('field').notNull(),
    value: jsonb('value'),
  },
  (t) => [index('user_settings_org_rev').on(t.orgId, t.rev), uniqueIndex('user_settings_user_field').on(t.userId, t.field)],
);
