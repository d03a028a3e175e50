import { z } from 'zod';
import { entityId, isoDateTime } from './common.ts';

export const DOCUMENT_DESCRIPTION_MAX = 50;
export const DOCUMENT_DESCRIPTION_MESSAGE = 'Descriptions must contain 50 characters or fewer.';

/** An auxiliary document of a vehicle (feed `documents`); `storedFileId` is its content. */
export const documentSchema = z.object({
  fileId: entityId,
  vehicleId: entityId,
  regNumber: z.string(),
  storedFileId: entityId,
  filename: z.string(),
  description: z.string().nullable(),
  mimeType: z.string(),
  url: z.string(),
  creatorId: z.string().nullable(),
  creator: z.string().nullable(),
  creationDate: isoDateTime,
  lastModifierId: z.string().nullable(),
  lastModifier: z.string().nullable(),
  lastModificationDate: isoDateTime,
});
export type Document = z.infer<typeof documentSchema>;

const description = z.string().trim().max(DOCUMENT_DESCRIPTION_MAX, DOCUMENT_DESCRIPTION_MESSAGE);

/** The non-file fields of POST .../files/aux (multipart field `file`, param `description`). */
export const uploadDocumentFieldsSchema = z.object({
  fileId: entityId.optional(),
  description: description.optional().transform((v) => (v ? v : null)),
});
export type UploadDocumentFields = z.infer<typeof uploadDocumentFieldsSchema>;

/** PATCH .../files/aux/{fileId}: a new, non-empty description. */
export const updateDocumentBodySchema = z.object({
  description: z.string({ error: 'Description is required' }).trim().min(1, 'Description is required').pipe(description),
});
export type UpdateDocumentBody = z.infer<typeof updateDocumentBodySchema>;
