import { z } from 'zod';
import { filePath, sha256Schema, uploadPath, type UploadedFile } from '../../../core/schema/file.ts';
import { INSPECTION_WRITERS, WEBSITE } from '../../auth/access.ts';
import { storedFiles } from '../../db/schema/index.ts';
import { DAMAGED_MESSAGE, sha256Of, type HeldFile } from '../../files/store.ts';
import { badRequest, notFound } from '../../http/errors.ts';
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
      { method: 'PUT', url: uploadPath.pattern, access: INSPECTION_WRITERS, params: bySha256, rawBody: { limitBytes: ctx.config.uploadLimitBytes } },
      async ({ principal, params, bytes, write }) => {
        if (bytes.length === 0) throw badRequest("Send the file's bytes as the body of the request");
        if (sha256Of(bytes) !== params.sha256) throw badRequest(DAMAGED_MESSAGE);
        // A retry of an upload that landed writes nothing.
        const held = await ctx.files.lookup(ctx.db, principal.orgId, params.sha256);
        if (held) return uploaded(held);
        const file = await write((scope) => ctx.files.put(scope, { bytes, by: principal.userId, filename: null, use: 'document', sha256: params.sha256 }));
        return uploaded(file);
      },
    );

    route(app, { method: 'GET', url: filePath.pattern, access: WEBSITE, params: bySha256 }, async ({ principal, params, request, reply }) => {
      const etag = `"${params.sha256}"`;
      if (matches(request.headers['if-none-match'], etag)) {
        if (!(await ctx.files.lookup(ctx.db, principal.orgId, params.sha256))) throw notFound('No such file in your organization');
        return reply.status(304).header('etag', etag).header('cache-control', CACHE_CONTROL).send();
      }
      const file = await ctx.files.read(ctx.db, principal.orgId, params.sha256);
      if (!file) throw notFound('No such file in your organization');
      return reply
        .header('content-type', file.mimeType)
        .header('content-length', String(file.bytes.length))
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', CACHE_CONTROL)
        .header('etag', etag)
        .header('content-disposition', contentDisposition(file.filename))
        .header('content-security-policy', FILE_CSP)
        .send(file.bytes);
    });
  },
};
