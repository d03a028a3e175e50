import { z } from 'zod';
import { filePath, sha256Schema, uploadPath, type UploadedFile } from '../../../core/schema/file.ts';
import { INSPECTION_WRITERS, WEBSITE } from '../../auth/access.ts';
import { storedFiles } from '../../db/schema/index.ts';
import { rangeOf } from '../../files/range.ts';
import { DAMAGED_MESSAGE, type HeldFile } from '../../files/store.ts';
import { badRequest, errorBody, notFound } from '../../http/errors.ts';
import { route } from '../../http/route.ts';
import { resourceFeed } from '../../sync/sync-table.ts';
import type { ServerModule } from '../module.ts';
import { storedFileToApi } from './presenter.ts';

const bySha256 = z.object({ sha256: sha256Schema });

/** A file's address never names other content: any cache may keep it for good, but only for this user (it is authenticated). */
const CACHE_CONTROL = 'private, max-age=31536000, immutable';
/**
 * A file opened by its address is a document of its own: no script runs in it, it loads nothing, it
 * is framed by no page (the app shows files from blobs it fetched, never by navigating to them).
 */
const FILE_CSP = "sandbox; default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; frame-ancestors 'none'";

const uploaded = (file: HeldFile): UploadedFile => ({ sha256: file.sha256, mimeType: file.mimeType, sizeBytes: file.sizeBytes });

/** `inline`, with the file's name for a save dialog: an ASCII stand-in and the exact name (RFC 6266, RFC 8187). */
export function contentDisposition(filename: string | null): string {
  if (!filename) return 'inline';
  const ascii = filename.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  const exact = encodeURIComponent(filename).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `inline; filename="${ascii}"; filename*=UTF-8''${exact}`;
}

/** Whether an If-None-Match header names the entity tag (a list, weak tags and `*` included). */
function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t.replace(/^W\//, '') === etag;
  });
}

/**
 * The file store's calls (docs/files.md): PUT the bytes of a file by their sha256 (then records name
 * it), GET a file by its address; and the feed `files` of the contents the organization holds.
 */
export const filesModule: ServerModule = {
  feeds: [resourceFeed({ feed: 'files' }, storedFiles, storedFileToApi)],
  register(app, ctx) {
    route(
      app,
      { method: 'PUT', url: uploadPath.pattern, access: INSPECTION_WRITERS, params: bySha256, rawBody: true },
      async ({ principal, params, received, write }) => {
        if (!received) throw badRequest("Send the file's bytes as the body of the request");
        if (received.sha256 !== params.sha256) throw badRequest(DAMAGED_MESSAGE);
        // A retry of an upload that landed writes nothing.
        const held = await ctx.files.lookup(ctx.db, principal.orgId, params.sha256);
        if (held) return uploaded(held);
        const kept = await ctx.files.keep(received, 'document');
        return uploaded(await write((scope) => ctx.files.record(scope, kept, { by: principal.userId, filename: null })));
      },
    );

    route(app, { method: 'GET', url: filePath.pattern, access: WEBSITE, params: bySha256 }, async ({ principal, params, request, reply }) => {
      const held = await ctx.files.lookup(ctx.db, principal.orgId, params.sha256);
      if (!held) throw notFound('No such file in your organization');
      const etag = `"${params.sha256}"`;
      reply.header('etag', etag).header('cache-control', CACHE_CONTROL).header('accept-ranges', 'bytes');
      if (matches(request.headers['if-none-match'], etag)) return reply.status(304).send();
      // If-Range with another tag: the content changed for the client, so it gets the whole of it.
      const ifRange = request.headers['if-range'];
      const range = ifRange && ifRange !== etag ? 'none' : rangeOf(request.headers.range, held.sizeBytes);
      if (range === 'unsatisfiable') {
        return reply.status(416).header('content-range', `bytes */${held.sizeBytes}`).send(errorBody('The range asked for is outside the file'));
      }
      const bytes = await ctx.files.read(params.sha256, range === 'none' ? undefined : range);
      if (!bytes) throw new Error(`file store: ${params.sha256} is held by ${principal.orgId} but not stored`);
      reply
        .header('content-type', held.mimeType)
        .header('x-content-type-options', 'nosniff')
        .header('content-disposition', contentDisposition(held.filename))
        .header('content-security-policy', FILE_CSP);
      if (range === 'none') return reply.header('content-length', String(held.sizeBytes)).send(bytes);
      return reply
        .status(206)
        .header('content-range', `bytes ${range.start}-${range.end}/${held.sizeBytes}`)
        .header('content-length', String(range.end - range.start + 1))
        .send(bytes);
    });
  },
};
