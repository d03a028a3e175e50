import { and, eq, gte, isNull, or } from 'drizzle-orm';
import { z } from 'zod';
import { entityId } from '../../../core/schema/common.ts';
import { tdyQuerySchema, tdyResource } from '../../../core/schema/tdy.ts';
import { WEBSITE, WRITERS } from '../../auth/access.ts';
import { tdys } from '../../db/schema/index.ts';
import type { Queryable } from '../../db/client.ts';
import { route } from '../../http/route.ts';
import { resourceFeed } from '../../sync/sync-table.ts';
import { createRecord, listRecords, updateRecord } from '../vehicle-records/records.ts';
import { regNumberHolder } from '../vehicles/queries.ts';
import { vehicleMeant } from '../vehicles/vehicle-meant.ts';
import type { ServerModule } from '../module.ts';
import { tdyKind } from './kind.ts';
import { tdyToApi } from './presenter.ts';

const { paths, createBody, updateBody } = tdyResource;
const item = z.object({ tdyId: entityId });

/** TDYs (part 1 §7 "TDY", part 2 §7): GET and POST /data/v2/tdy, PATCH /data/v2/tdy/{id}. */
export const tdyModule: ServerModule = {
  feeds: [resourceFeed(tdyResource, tdys, tdyToApi)],
  register(app, ctx) {
    route(app, { method: 'GET', url: paths.list.pattern, access: WEBSITE, query: tdyQuerySchema }, async ({ principal, query }) => {
      const vehicle = query.regNumber !== undefined ? await regNumberHolder(ctx.db, principal.orgId, query.regNumber) : undefined;
      if (query.regNumber !== undefined && !vehicle) return [];
      return listRecords(
        ctx.db,
        tdyKind,
        principal.orgId,
        and(vehicle ? eq(tdys.vehicleId, vehicle.id) : undefined, query.end !== undefined ? or(isNull(tdys.endDate), gte(tdys.endDate, query.end)) : undefined),
      );
    });

    route(app, { method: 'POST', url: paths.list.pattern, access: WRITERS, body: createBody }, async ({ principal, body, write, reply }) => {
      const vehicleOf = (q: Queryable) => vehicleMeant(q, principal.orgId, body);
      const created = await createRecord(write, principal, tdyKind, vehicleOf, body.tdyId, body);
      reply.status(201);
      return created;
    });

    route(app, { method: 'PATCH', url: paths.item.pattern, access: WRITERS, params: item, body: updateBody }, async ({ principal, params, body, write }) =>
      updateRecord(write, principal, tdyKind, { id: params.tdyId }, body),
    );
  },
};
