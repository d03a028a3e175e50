import { z } from 'zod';
import { apiPath } from './api-path.ts';
import { entityId, isoDateTime } from './common.ts';
import { fileRefFields, sha256Schema } from './file.ts';
import { defineResource } from './resource.ts';

export const DOCUMENT_DESCRIPTION_MAX = 50;
export const DOCUMENT_DESCRIPTION_MESSAGE = 'Descriptions must contain 50 characters or fewer.';

/** An auxiliary document of a vehicle (feed `documents`); its content is the file `sha256` (at `url`). */
export const documentSchema = z.object({
  fileId: entityId,
  vehicleId: entityId,
  regNumber: z.string(),
  sha256: sha256Schema,
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
  description: description
    .nullable()
    .optional()
    .transform((v) => (v ? v : null)),
});
export type UploadDocumentFields = z.infer<typeof uploadDocumentFieldsSchema>;

/** POST .../files/aux as JSON: the document by content uploaded before, with its description. */
export const createDocumentBodySchema = uploadDocumentFieldsSchema.extend(fileRefFields);
export type CreateDocumentBody = z.infer<typeof createDocumentBodySchema>;

/** PATCH .../files/aux/{fileId}: a new, non-empty description. */
export const updateDocumentBodySchema = z.object({
  description: z.string({ error: 'Description is required' }).trim().min(1, 'Description is required').pipe(description),
});
export type UpdateDocumentBody = z.infer<typeof updateDocumentBodySchema>;

/** Documents of a vehicle (part 1 §7 "Documents"): GET, POST (multipart or by content), PATCH the description, DELETE. */
export const documentResource = defineResource({
  feed: 'documents',
  key: 'fileId',
  parentKey: 'vehicleId',
  row: documentSchema,
  serverFields: ['creationDate', 'lastModificationDate'],
  createBody: createDocumentBodySchema,
  updateBody: updateDocumentBodySchema,
  paths: {
    list: apiPath('/data/v1/vehicles/:vehicleId/files/aux'),
    item: apiPath('/data/v1/vehicles/:vehicleId/files/aux/:fileId'),
  },
});
