import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { syncColumns } from './common.ts';

/**
 * Metadata of uploaded blobs. The content lives on disk under DATA_DIR/files at storage_path, named by
 * its sha256, so the same content uploaded twice is stored once.
 */
export const storedFiles = pgTable(
  'stored_files',
  {
    ...syncColumns(),
    sha256: text('sha256').notNull(),
    mimeType: text('mime_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    filename: text('filename'),
    /** Relative to DATA_DIR/files; never sent to clients. */
    storagePath: text('storage_path').notNull(),
    createdBy: text('created_by'),
  },
  (t) => [index('stored_files_org_rev').on(t.orgId, t.rev), index('stored_files_org_sha256').on(t.orgId, t.sha256)],
);
