import { and, eq, isNull } from 'drizzle-orm';
import { z } from 'zod';
import { entityId } from '../../../core/schema/common.ts';
import { documentResource, uploadDocumentFieldsSchema, type Document } from '../../../core/schema/document.ts';
import { WEBSITE, WRITERS } from '../../auth/access.ts';
import { documents } from '../../db/schema/index.ts';
import { badRequest } from '../../http/errors.ts';
import { route } from '../../http/route.ts';
import { resourceFeed } from '../../sync/sync-table.ts';
import { deleteRecord, insertRecord, listVehicleRecords, updateRecord } from '../vehicle-records/records.ts';
import { findVehicle } from '../vehicles/find-vehicle.ts';
import type { ServerModule } from '../module.ts';
import { documentKind } from './kind.ts';
import { documentToApi } from './presenter.ts';

const { paths, createBody, updateBody } = documentResource;
const vehicle = z.object({ vehicleId: entityId });
const item = z.object({ vehicleId: entityId, fileId: entityId });

/**
 * Documents of a vehicle (part 1 §2 Documents, §7 "Documents"): GET and POST .../files/aux (multipart:
 * field `file` with the param `description`; or JSON naming content uploaded before), PATCH the
 * description, DELETE. A vehicle holds a content once: the same file again answers the document
 * there is (200), so a retried upload never makes a second copy.
 */
export const documentsModule: ServerModule = {
  feeds: [resourceFeed(documentResource, documents, documentToApi)],
  register(app, ctx) {
    route(app, { method: 'GET', url: paths.list.pattern, access: WEBSITE, params: vehicle }, async ({ principal, params }) =>
      listVehicleRecords(ctx.db, documentKind, principal.orgId, params.vehicleId),
    );

    route(
      app,
      {
        method: 'POST',
        url: paths.list.pattern,
        access: WRITERS,
        params: vehicle,
        body: createBody,
        multipart: { files: { file: { most: 1, use: 'document' } }, fields: uploadDocumentFieldsSchema },
      },
      async ({ principal, params, body, multipart, write, reply }) => {
        const part = multipart?.files[0];
        if (multipart && !part) throw badRequest('file: Choose a file to upload');
        const fields = multipart ? multipart.fields : body!;
        const { document, created } = await write(async (scope): Promise<{ document: Document; created: boolean }> => {
          const v = await findVehicle(scope.tx, principal.orgId, params.vehicleId);
          const file = part
            ? await ctx.files.record(scope, part.file, { by: principal.userId, filename: part.filename })
            : await ctx.files.hold(scope, body!, 'document');
          const [existing] = await scope.tx
            .select()
            .from(documents)
            .where(and(eq(documents.orgId, principal.orgId), eq(documents.vehicleId, v.id), eq(documents.fileId, file.sha256), isNull(documents.deletedAt)))
            .limit(1);
          if (existing) return { document: documentToApi(existing), created: false };
          const filename = part?.filename ?? body!.filename;
          return {
            document: await insertRecord(scope, principal, documentKind, v, fields.fileId, { file, filename, description: fields.description }),
            created: true,
          };
        });
        reply.status(created ? 201 : 200);
        return document;
      },
    );

    route(app, { method: 'PATCH', url: paths.item.pattern, access: WRITERS, params: item, body: updateBody }, async ({ principal, params, body, write }) =>
      updateRecord(write, principal, documentKind, { id: params.fileId, vehicleId: params.vehicleId }, body),
    );

    route(app, { method: 'DELETE', url: paths.item.pattern, access: WRITERS, params: item }, async ({ principal, params, write }) =>
      deleteRecord(write, principal, documentKind, { id: params.fileId, vehicleId: params.vehicleId }),
    );
  },
};
