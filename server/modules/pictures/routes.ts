import type { PgTable } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { annotationBodySchema } from '../../../core/schema/file.ts';
import type { ResourceContract } from '../../../core/schema/resource.ts';
import { WRITERS } from '../../auth/access.ts';
import type { AppContext } from '../../context.ts';
import { route } from '../../http/route.ts';
import { paramsOf } from '../vehicle-records/routes.ts';
import { addPicture, captionPicture, deletePicture, type PictureKind, type PictureRef, type PictureTarget } from './pictures.ts';

/**
 * The picture calls of a record (part 1 §7 "Maintenance", "Waivers"): POST on the contract's list
 * path adds a picture of content uploaded before (201; 200 with the picture there is when the record
 * already shows that content), PATCH on its item path changes the caption, DELETE removes it. The
 * bytes themselves come by PUT /data/v1/files/{sha256} or by the record's multipart PATCH. The API
 * fuzz test expands a call of this function into these three routes (tests/support/fuzz-routes.ts).
 */
export function registerPictureRoutes<Api>(app: FastifyInstance, ctx: AppContext, contract: ResourceContract, kind: PictureKind<PgTable, Api>): void {
  const { paths, key } = contract;
  if (!paths.item) throw new Error(`${contract.feed}: pictures need an item path`);
  const target = (params: Record<string, string>): PictureTarget => ({ vehicleId: params.vehicleId!, parentId: params[kind.parentParam]! });

  route(
    app,
    {
      method: 'POST',
      url: paths.list.pattern,
      access: WRITERS,
      params: paramsOf(paths.list.pattern),
      body: contract.createBody as z.ZodType<PictureRef & Record<string, unknown>>,
    },
    async ({ principal, params, body, write, reply }) => {
      const ref = { ...body, id: body[key] as string | undefined };
      const { picture, created } = await addPicture(write, principal, ctx.files, kind, target(params), ref);
      reply.status(created ? 201 : 200);
      return picture;
    },
  );

  route(
    app,
    { method: 'PATCH', url: paths.item.pattern, access: WRITERS, params: paramsOf(paths.item.pattern), body: annotationBodySchema },
    async ({ principal, params, body, write }) => captionPicture(write, principal, kind, target(params), params[key]!, body),
  );

  route(app, { method: 'DELETE', url: paths.item.pattern, access: WRITERS, params: paramsOf(paths.item.pattern) }, async ({ principal, params, write }) =>
    deletePicture(write, principal, kind, target(params), params[key]!),
  );
}
