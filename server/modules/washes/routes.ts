import { z } from 'zod';
import { entityId } from '../../../core/schema/common.ts';
import { washResource } from '../../../core/schema/wash.ts';
import { WEBSITE, WRITERS } from '../../auth/access.ts';
import { washes } from '../../db/schema/index.ts';
import { route } from '../../http/route.ts';
import { resourceFeed } from '../../sync/sync-table.ts';
import type { ServerModule } from '../module.ts';
import { washToApi } from './presenter.ts';
import { listWashes, scheduleWash, updateWash } from './service.ts';

const { paths, createBody, updateBody } = washResource;
const vehicle = z.object({ vehicleId: entityId });
const wash = z.object({ vehicleId: entityId, washId: entityId });

/** Washes of a vehicle (part 1 §7 "Washes"): GET and POST /wash, PATCH /wash/{washId}. */
export const washesModule: ServerModule = {
  feeds: [resourceFeed(washResource, washes, washToApi)],
  register(app, ctx) {
    route(app, { method: 'GET', url: paths.list.pattern, access: WEBSITE, params: vehicle }, async ({ principal, params }) =>
      listWashes(ctx.db, principal.orgId, params.vehicleId),
    );

    route(
      app,
      { method: 'POST', url: paths.list.pattern, access: WRITERS, params: vehicle, body: createBody },
      async ({ principal, params, body, write, reply }) => {
        const created = await scheduleWash(write, principal, params.vehicleId, body);
        reply.status(201);
        return created;
      },
    );

    route(app, { method: 'PATCH', url: paths.item.pattern, access: WRITERS, params: wash, body: updateBody }, async ({ principal, params, body, write }) =>
      updateWash(write, principal, params.vehicleId, params.washId, body),
    );
  },
};
