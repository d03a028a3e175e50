import { customType, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { syncColumns } from './common.ts';

/** bytea as a Node Buffer (node-postgres answers a Buffer, PGlite a Uint8Array). */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  toDriver: (value) => value,
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value.buffer, value.byteOffset, value.byteLength)),
});

/**
 * The previous layout's contents (issue 17: every file whole in one bytea). Emptied into the file store
 * at start (server/files/legacy.ts) and never written again; a later version drops it.
 */
export const fileContents = pgTable('file_contents', {
  sha256: text('sha256').primaryKey(),
  bytes: bytea('bytes').notNull(),
  sizeBytes: integer('size_bytes').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/**
 * The PostgreSQL file store (server/files/pg-blobs.ts, docs/files.md): a content is there once its row
 * here is, written in the same transaction as its chunks, so a content is whole or absent.
 */
export const fileBlobs = pgTable('file_blobs', {
  sha256: text('sha256').primaryKey(),
  sizeBytes: integer('size_bytes').notNull(),
  /** Every chunk but the last holds exactly this many bytes, so a range names its chunks. */
  chunkBytes: integer('chunk_bytes').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/** The bytes of a content of file_blobs, in order: chunk `seq` starts at byte seq * chunk_bytes. */
export const fileChunks = pgTable(
  'file_chunks',
  {
    sha256: text('sha256').notNull(),
    seq: integer('seq').notNull(),
    bytes: bytea('bytes').notNull(),
  },
  (t) => [primaryKey({ columns: [t.sha256, t.seq] })],
);

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
