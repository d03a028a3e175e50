import { customType, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { syncColumns } from './common.ts';

/** bytea as a Node Buffer (node-postgres answers a Buffer, PGlite a Uint8Array). */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  toDriver: (value) => value,
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value.buffer, value.byteOffset, value.byteLength)),
});

/**
 * The content of every uploaded file, once, named by its sha256 (docs/files.md): in the database, so
 * it lasts across restarts and every instance that shares the database serves it. Which organization
 * may read it is stored_files' business; this table is never synced and never read without it.
 */
export const fileContents = pgTable('file_contents', {
  sha256: text('sha256').primaryKey(),
  bytes: bytea('bytes').notNull(),
  sizeBytes: integer('size_bytes').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/**
 * That an organization holds a content (one row per organization and sha256): its type as judged by
 * its bytes, its size, the first name it came with and who sent it first. Only users of an
 * organization holding a content may read it (GET /files/{sha256}); records (pictures, waiver cards,
 * documents) name the content by its sha256 in their file_id.
 */
export const storedFiles = pgTable(
  'stored_files',
  {
    ...syncColumns(),
    sha256: text('sha256').notNull(),
    mimeType: text('mime_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    filename: text('filename'),
    createdBy: text('created_by'),
  },
  (t) => [index('stored_files_org_rev').on(t.orgId, t.rev), uniqueIndex('stored_files_org_sha256').on(t.orgId, t.sha256)],
);
