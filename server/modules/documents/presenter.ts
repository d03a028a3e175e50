import type { Document } from '../../../core/schema/document.ts';
import { fileUrl } from '../../../core/schema/file.ts';
import { iso, type RowOf } from '../../sync/presenters/presenter-helpers.ts';

/** A document of a vehicle in its REST and feed shape; file_id is its content's sha256. */
export const documentToApi = (row: RowOf<'documents'>): Document => ({
  fileId: row.id,
  vehicleId: row.vehicleId,
  regNumber: row.regNumber,
  sha256: row.fileId,
  filename: row.filename,
  description: row.description,
  mimeType: row.mimeType,
  url: fileUrl(row.fileId),
  creatorId: row.creatorId,
  creator: row.creatorName,
  creationDate: iso(row.createdAt),
  lastModifierId: row.lastModifierId,
  lastModifier: row.lastModifierName,
  lastModificationDate: iso(row.updatedAt),
});
