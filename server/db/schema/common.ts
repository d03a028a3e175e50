import { bigint, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Columns every synced table carries ("Data and sync" in docs/architecture.md):
 * a client-creatable text id, the owning organization, the organization revision of the
 * last write (commit-ordered, see nextRevision in server/db/write.ts) and a tombstone.
 */
export function syncColumns() {
  return {
    id: text('id').primaryKey(),
    orgId: text('org_id').notNull(),
    rev: bigint('rev', { mode: 'number' }).notNull(),
    deletedAt: timestamp('deleted_at', { withTimezone: true, mode: 'date' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  };
}

/** A timestamptz column read and written as a JS Date. */
export const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
