import { and, eq, isNull } from 'drizzle-orm';
import { z } from 'zod';
import { reportableRules } from '../../../core/rules/discrepancy.ts';
import { entityId } from '../../../core/schema/common.ts';
import { discrepancyPictureResource, discrepancyResource, type DiscrepancyWithPictures } from '../../../core/schema/discrepancy.ts';
import { WEBSITE, WRITERS } from '../../auth/access.ts';
import type { Queryable } from '../../db/client.ts';
import { discrepancies, discrepancyPictures, workflowRules } from '../../db/schema/index.ts';
import { badRequest } from '../../http/errors.ts';
import { route } from '../../http/route.ts';
import { resourceFeed } from '../../sync/sync-table.ts';
import { deletePicturesOf, patchWithPictures, picturesOf, PICTURES_FORM } from '../pictures/pictures.ts';
import { registerPictureRoutes } from '../pictures/routes.ts';
import { createRecord, deleteRecord, listVehicleRecords, updateRecord } from '../vehicle-records/records.ts';
import { findVehicle, type VehicleRow } from '../vehicles/find-vehicle.ts';
import type { ServerModule } from '../module.ts';
import { discrepancyKind } from './kind.ts';
import { discrepancyPictureKind } from './pictures.ts';
import { discrepancyPictureToApi, discrepancyToApi } from './presenter.ts';

const { paths, createBody, updateBody } = discrepancyResource;
const vehicle = z.object({ vehicleId: entityId });
const item = z.object({ vehicleId: entityId, mxId: entityId });

/** A discrepancy is reported against a yes/no AF1800 rule of the vehicle's workflow (part 1 §5). */
async function checkItem(q: Queryable, v: VehicleRow, itemNo: number): Promise<void> {
  if (v.workflowId === null) return;
  const rules = await q
    .select({ ruleId: workflowRules.ruleId, title: workflowRules.title, af1800Id: workflowRules.af1800Id, isBoolean: workflowRules.isBoolean })
    .from(workflowRules)
    .where(and(eq(workflowRules.orgId, v.orgId), eq(workflowRules.workflowId, v.workflowId), isNull(workflowRules.deletedAt)));
  if (!reportableRules(rules).some((r) => r.itemNo === itemNo)) {
    throw badRequest(`itemNo: AF1800 item ${itemNo} is not a yes/no rule of this vehicle's inspection workflow`);
  }
}

/** The discrepancies of a vehicle with their pictures, oldest discovery first. */
async function listWithPictures(q: Queryable, orgId: string, vehicleId: string): Promise<DiscrepancyWithPictures[]> {
  const rows = await listVehicleRecords(q, discrepancyKind, orgId, vehicleId);
  const pictures = await picturesOf(
    q,
    discrepancyPictureKind,
    orgId,
    rows.map((d) => d.mxId),
  );
  return rows.map((d) => ({ ...d, pictures: pictures.get(d.mxId) ?? [] }));
}

/** Required maintenance of a vehicle (part 1 §2 Maintenance: Required; §7 "Maintenance") and its pictures. */
export const discrepanciesModule: ServerModule = {
  feeds: [
    resourceFeed(discrepancyResource, discrepancies, discrepancyToApi),
    resourceFeed(discrepancyPictureResource, discrepancyPictures, discrepancyPictureToApi),
  ],
  register(app, ctx) {
    route(app, { method: 'GET', url: paths.list.pattern, access: WEBSITE, params: vehicle }, async ({ principal, params }) =>
      listWithPictures(ctx.db, principal.orgId, params.vehicleId),
    );

    route(
      app,
      { method: 'POST', url: paths.list.pattern, access: WRITERS, params: vehicle, body: createBody },
      async ({ principal, params, body, write, reply }) => {
        const vehicleOf = async (q: Queryable) => {
          const v = await findVehicle(q, principal.orgId, params.vehicleId);
          await checkItem(q, v, body.itemNo);
          return v;
        };
        const created = await createRecord(write, principal, discrepancyKind, vehicleOf, body.mxId, body);
        reply.status(201);
        return created;
      },
    );

    // JSON: the fields of a change. Multipart (field `pictures`): pictures added; answers the discrepancy with its pictures.
    route(
      app,
      { method: 'PATCH', url: paths.item.pattern, access: WRITERS, params: item, body: updateBody, multipart: PICTURES_FORM },
      async ({ principal, params, body, multipart, write }) =>
        multipart
          ? patchWithPictures(write, principal, ctx.files, discrepancyPictureKind, { vehicleId: params.vehicleId, parentId: params.mxId }, multipart)
          : updateRecord(write, principal, discrepancyKind, { id: params.mxId, vehicleId: params.vehicleId }, body!),
    );

    route(app, { method: 'DELETE', url: paths.item.pattern, access: WRITERS, params: item }, async ({ principal, params, write }) =>
      deleteRecord(write, principal, discrepancyKind, { id: params.mxId, vehicleId: params.vehicleId }, deletePicturesOf(discrepancyPictureKind)),
    );

    registerPictureRoutes(app, ctx, discrepancyPictureResource, discrepancyPictureKind);
  },
};
