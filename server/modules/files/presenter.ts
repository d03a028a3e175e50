import { fileUrl, type StoredFile } from '../../../core/schema/file.ts';
import { iso, type RowOf } from '../../sync/presenters/presenter-helpers.ts';

/** That the organization holds a content (feed `files`). */
export const storedFileToApi = (row: RowOf<'storedFiles'>): StoredFile => ({
  storedFileId: row.id,
  sha256: row.sha256,
  mimeType: row.mimeType,
  sizeBytes: row.sizeBytes,
  filename: row.filename,
  url: fileUrl(row.sha256),
  createdBy: row.createdBy,
  creationDate: iso(row.createdAt),
});
