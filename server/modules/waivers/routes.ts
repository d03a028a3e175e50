import { and, desc, eq, isNull } from 'drizzle-orm';
import { z } from 'zod';
import { entityId } from '../../../core/schema/common.ts';
import {
  uploadWaiverCardBodySchema,
  waiverCardResource,
  waiverPictureResource,
  waiverResource,
  type WaiverCard,
  type WaiverList,
} from '../../../core/schema/waiver.ts';
import { WEBSITE, WRITERS } from '../../auth/access.ts';
import type { Queryable } from '../../db/client.ts';
import { waiverCards, waiverPictures, waivers, workflowRules } from '../../db/schema/index.ts';
import { badRequest } from '../../http/errors.ts';
import { route } from '../../http/route.ts';
import { resourceFeed } from '../../sync/sync-table.ts';
import { deletePicturesOf, patchWithPictures, picturesOf, PICTURES_FORM } from '../pictures/pictures.ts';
import { registerPictureRoutes } from '../pictures/routes.ts';
import { createRecord, deleteRecord, insertRecord, listVehicleRecords, updateRecord } from '../vehicle-records/records.ts';
import { findVehicle, type VehicleRow } from '../vehicles/find-vehicle.ts';
import type { ServerModule } from '../module.ts';
import { waiverCardKind, waiverKind, waiverPictureKind } from './kind.ts';
import { waiverCardToApi, waiverPictureToApi, waiverToApi } from './presenter.ts';

const { paths, createBody, updateBody } = waiverResource;
const vehicle = z.object({ vehicleId: entityId });
const item = z.object({ vehicleId: entityId, waiverId: entityId });

/** A waiver is made for a rule of the vehicle's inspection workflow (when it has one). */
async function checkRule(q: Queryable, v: VehicleRow, ruleId: string): Promise<void> {
  if (v.workflowId === null) return;
  const [rule] = await q
    .select({ ruleId: workflowRules.ruleId })
    .from(workflowRules)
    .where(and(eq(workflowRules.orgId, v.orgId), eq(workflowRules.workflowId, v.workflowId), eq(workflowRules.ruleId, ruleId), isNull(workflowRules.deletedAt)))
    .limit(1);
  if (!rule) throw badRequest(`ruleId: ${ruleId} is not a rule of this vehicle's inspection workflow`);
}

/** The vehicle's newest waiver card: its card on file. */
async function currentCard(q: Queryable, orgId: string, vehicleId: string) {
  const [row] = await q
    .select()
    .from(waiverCards)
    .where(and(eq(waiverCards.orgId, orgId), eq(waiverCards.vehicleId, vehicleId), isNull(waiverCards.deletedAt)))
    .orderBy(desc(waiverCards.createdAt), desc(waiverCards.id))
    .limit(1);
  return row;
}

/** GET .../waivers: the waivered items with their pictures, and the card on file. */
async function waiverList(q: Queryable, orgId: string, vehicleId: string): Promise<WaiverList> {
  const items = await listVehicleRecords(q, waiverKind, orgId, vehicleId);
  const pictures = await picturesOf(
    q,
    waiverPictureKind,
    orgId,
    items.map((w) => w.waiverId),
  );
  const card = await currentCard(q, orgId, vehicleId);
  return {
    waiveredItems: items.map((w) => ({ ...w, pictures: pictures.get(w.waiverId) ?? [] })),
    waiverCardFile: card ? { url: waiverCardToApi(card).url, mimeType: card.mimeType } : null,
  };
}

/** Waivers of a vehicle (part 1 §2 Waivers, §7 "Waivers"): the waivered items, their pictures and the waiver card. */
export const waiversModule: ServerModule = {
  feeds: [
    resourceFeed(waiverResource, waivers, waiverToApi),
    resourceFeed(waiverPictureResource, waiverPictures, waiverPictureToApi),
    resourceFeed(waiverCardResource, waiverCards, waiverCardToApi),
  ],
  register(app, ctx) {
    route(app, { method: 'GET', url: paths.list.pattern, access: WEBSITE, params: vehicle }, async ({ principal, params }) => {
      await findVehicle(ctx.db, principal.orgId, params.vehicleId);
      return waiverList(ctx.db, principal.orgId, params.vehicleId);
    });

    route(
      app,
      { method: 'POST', url: paths.list.pattern, access: WRITERS, params: vehicle, body: createBody },
      async ({ principal, params, body, write, reply }) => {
        const vehicleOf = async (q: Queryable) => {
          const v = await findVehicle(q, principal.orgId, params.vehicleId);
          await checkRule(q, v, body.ruleId);
          return v;
        };
        const created = await createRecord(write, principal, waiverKind, vehicleOf, body.waiverId, body);
        reply.status(201);
        return created;
      },
    );

    // JSON: status, type, explanation. Multipart (field `pictures`): pictures added; answers the waiver with its pictures.
    route(
      app,
      { method: 'PATCH', url: paths.item.pattern, access: WRITERS, params: item, body: updateBody, multipart: PICTURES_FORM },
      async ({ principal, params, body, multipart, write }) =>
        multipart
          ? patchWithPictures(write, principal, ctx.files, waiverPictureKind, { vehicleId: params.vehicleId, parentId: params.waiverId }, multipart)
          : updateRecord(write, principal, waiverKind, { id: params.waiverId, vehicleId: params.vehicleId }, body!),
    );

    route(app, { method: 'DELETE', url: paths.item.pattern, access: WRITERS, params: item }, async ({ principal, params, write }) =>
      deleteRecord(write, principal, waiverKind, { id: params.waiverId, vehicleId: params.vehicleId }, deletePicturesOf(waiverPictureKind)),
    );

    registerPictureRoutes(app, ctx, waiverPictureResource, waiverPictureKind);

    // The card: multipart (field `card`, a PDF or an image) or JSON naming content uploaded before. The
    // same content as the card on file answers that card (200) rather than adding it again.
    route(
      app,
      {
        method: 'POST',
        url: waiverCardResource.paths.list.pattern,
        access: WRITERS,
        params: vehicle,
        body: uploadWaiverCardBodySchema,
        multipart: { files: { card: { most: 1, use: 'document' } }, fields: z.object({ waiverCardId: entityId.optional() }) },
      },
      async ({ principal, params, body, multipart, write, reply }) => {
        const part = multipart?.files[0];
        if (multipart && !part) throw badRequest('card: Choose a waiver card file to upload');
        const { card, created } = await write(async (scope): Promise<{ card: WaiverCard; created: boolean }> => {
          const v = await findVehicle(scope.tx, principal.orgId, params.vehicleId);
          const file = part
            ? await ctx.files.record(scope, part.file, { by: principal.userId, filename: part.filename })
            : await ctx.files.hold(scope, body!, 'document');
          const current = await currentCard(scope.tx, principal.orgId, v.id);
          if (current?.fileId === file.sha256) return { card: waiverCardToApi(current), created: false };
          const filename = part?.filename ?? body!.filename;
          const id = multipart ? multipart.fields.waiverCardId : body!.waiverCardId;
          return { card: await insertRecord(scope, principal, waiverCardKind, v, id, { file, filename }), created: true };
        });
        reply.status(created ? 201 : 200);
        return card;
      },
    );
  },
};
