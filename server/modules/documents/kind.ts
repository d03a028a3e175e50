import type { Document, UpdateDocumentBody } from '../../../core/schema/document.ts';
import { documents } from '../../db/schema/index.ts';
import type { HeldFile } from '../../files/store.ts';
import type { VehicleRecordKind } from '../vehicle-records/records.ts';
import { documentToApi } from './presenter.ts';

/** A document to record: content the organization holds, its name and its description. */
export interface NewDocument {
  file: HeldFile;
  filename: string;
  description: string | null;
}

/** Documents of a vehicle (part 1 §5): a file of any accepted type with a description; only the description changes. */
export const documentKind: VehicleRecordKind<typeof documents, Document, NewDocument, UpdateDocumentBody> = {
  table: documents,
  toApi: documentToApi,
  noun: 'document',
  orderBy: documents.createdAt,
  fields: ({ file, filename, description }) => ({ fileId: file.sha256, filename, description, mimeType: file.mimeType }),
  changes: (_current, body) => ({ description: body.description }),
};
