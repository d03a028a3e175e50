import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { entityId } from '../../../core/schema/common.ts';
import {
  inspectionDetailMirrorStart,
  inspectionPaths,
  inspectionSubmissionSchema,
  type InspectionDetail,
  type InspectionSubmission,
} from '../../../core/schema/inspection.ts';
import { INSPECTION_CLIENTS, INSPECTION_WRITERS, WEBSITE } from '../../auth/access.ts';
import { inspectionPictures, inspections } from '../../db/schema/index.ts';
import { route, type MultipartInput, type RouteContext } from '../../http/route.ts';
import { inspectionDeleteAt, inspectionFeedRowToApi, inspectionPictureToApi } from '../../sync/presenters/vehicle-and-inspection-presenters.ts';
import { findVehicle } from '../vehicles/find-vehicle.ts';
import type { ServerModule } from '../module.ts';
import { findInspection, inspectionDetail, inspectionHistory } from './queries.ts';
import { amendInspection, submitInspection } from './submit.ts';

type SubmissionContext = RouteContext<{ vehicleId: string }, unknown, InspectionSubmission | undefined, MultipartInput<InspectionSubmission> | null>;

/**
 * Inspection details (answers, pictures) of inspections performed before the previous month are not
 * mirrored (docs/architecture.md "Mirror scope"); devices fetch them on demand. The answers travel in
 * the inspection's row (inspectionFeedRowToApi leaves them out), the pictures are rows of their own.
 */
function recentInspectionDetail() {
  const since = inspectionDetailMirrorStart(new Date()).toISOString();
  return sql`${inspectionPictures.inspectionId} in (select ${inspections.id} from ${inspections} where ${inspections.inspectionDate} >= ${since}::timestamptz)`;
}

const vehicle = z.object({ vehicleId: entityId });
const item = z.object({ vehicleId: entityId, inspectionId: entityId });

/** At most this many pictures in one submission (each within the upload limit). */
const MAX_PICTURES = 60;
const SUBMISSION_FORM = { files: { pictures: { most: MAX_PICTURES, use: 'picture' as const } }, fields: inspectionSubmissionSchema };

/**
 * Inspections (part 1 §7 "Inspections"): inspection clients submit and amend (v1 multipart with
 * pictures, v2 JSON or form data), the website reads a vehicle's history and one inspection; the
 * feeds `inspections` and `inspectionPictures` bring them to devices. docs/inspections.md has the rules.
 */
export const inspectionsModule: ServerModule = {
  feeds: [
    {
      name: 'inspections',
      table: inspections,
      toApi: inspectionFeedRowToApi,
      laterColumns: ['results'],
      verbatimJson: ['results'],
      deleteAt: inspectionDeleteAt,
    },
    { name: 'inspectionPictures', table: inspectionPictures, toApi: inspectionPictureToApi, mirrorScope: recentInspectionDetail },
  ],
  register(app, ctx) {
    route(app, { method: 'GET', url: inspectionPaths.history.pattern, access: WEBSITE, params: vehicle }, async ({ principal, params }) => {
      const v = await findVehicle(ctx.db, principal.orgId, params.vehicleId);
      return inspectionHistory(ctx.db, principal.orgId, v.id);
    });

    route(app, { method: 'GET', url: inspectionPaths.detail.pattern, access: WEBSITE, params: item }, async ({ principal, params }) =>
      inspectionDetail(ctx.db, await findInspection(ctx.db, principal.orgId, params.vehicleId, params.inspectionId)),
    );

    // Submit: POST v1 (multipart), PUT v2 (JSON or form data). Amend: PATCH on either. Each route is
    // written out, so that the route list (and the fuzz test that reads it) names every one.
    type Handler = typeof submitInspection;
    const handle =
      (run: Handler) =>
      async ({ principal, params, body, multipart, write, reply }: SubmissionContext): Promise<InspectionDetail> => {
        const input = multipart ? { body: multipart.fields, parts: multipart.files } : { body: body!, parts: null };
        const submitted = await run(write, ctx.files, principal, params.vehicleId, input);
        reply.status(submitted.created ? 201 : 200);
        return submitted.inspection;
      };
    route(
      app,
      {
        method: 'POST',
        url: inspectionPaths.recentV1.pattern,
        access: INSPECTION_CLIENTS,
        params: vehicle,
        body: inspectionSubmissionSchema,
        multipart: SUBMISSION_FORM,
      },
      handle(submitInspection),
    );
    route(
      app,
      {
        method: 'PUT',
        url: inspectionPaths.recentV2.pattern,
        access: INSPECTION_CLIENTS,
        params: vehicle,
        body: inspectionSubmissionSchema,
        multipart: SUBMISSION_FORM,
      },
      handle(submitInspection),
    );
    route(
      app,
      {
        method: 'PATCH',
        url: inspectionPaths.recentV1.pattern,
        access: INSPECTION_WRITERS,
        params: vehicle,
        body: inspectionSubmissionSchema,
        multipart: SUBMISSION_FORM,
      },
      handle(amendInspection),
    );
    route(
      app,
      {
        method: 'PATCH',
        url: inspectionPaths.recentV2.pattern,
        access: INSPECTION_WRITERS,
        params: vehicle,
        body: inspectionSubmissionSchema,
        multipart: SUBMISSION_FORM,
      },
      handle(amendInspection),
    );
  },
};
