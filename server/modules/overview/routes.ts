import { eq, isNull } from 'drizzle-orm';
import { z } from 'zod';
import { checkOrg, WEBSITE } from '../../auth/access.ts';
import { ltis, pmis, scheduledMx, tdys, vehicles, washes } from '../../db/schema/index.ts';
import { notFound } from '../../http/errors.ts';
import { route } from '../../http/route.ts';
import { readSnapshot } from '../../sync/snapshot.ts';
import type { ServerModule } from '../module.ts';
import { fleetOverview } from '../../../core/rules/fleet-overview.ts';
import { entityId } from '../../../core/schema/common.ts';
import { fleetOverviewPath, fleetOverviewQuerySchema } from '../../../core/schema/fleet-overview.ts';
import { DEFAULT_TIME_ZONE } from '../../../core/rules/org-clock.ts';

const orgParams = z.object({ orgId: entityId });

/**
 * GET /data/v1/organizations/{orgId}/fleet (part 2 §7): the fleet overview, computed with the rule the
 * device runs over its mirror (core/rules/fleet-overview.ts) from one snapshot of the vehicles in
 * commission and the records not completed; the history is not read. `?sectionId=` narrows it to one
 * section (the Overview's Section tab).
 */
export const overviewModule: ServerModule = {
  register(app, ctx) {
    route(
      app,
      { method: 'GET', url: fleetOverviewPath.pattern, access: WEBSITE, params: orgParams, query: fleetOverviewQuerySchema },
      async ({ principal, params, query }) => {
        checkOrg(principal, params.orgId);
        const now = new Date();
        const sources = await readSnapshot(ctx.db, ctx.syncTables, principal, async (s) => {
          const [organization] = await s.live('organizations');
          return {
            organization,
            vehicles: await s.live('vehicles', isNull(vehicles.decommissionDate)),
            scheduledMx: await s.live('scheduledMx', eq(scheduledMx.completed, false)),
            ltis: await s.live('ltis', eq(ltis.completed, false)),
            pmis: await s.live('pmis', eq(pmis.completed, false)),
            tdys: await s.live('tdys', eq(tdys.completed, false)),
            washes: await s.live('washes', eq(washes.completed, false)),
            sections: await s.live('sections'),
            mels: await s.live('sectionMels'),
          };
        });
        const { organization, ...rest } = sources;
        if (!organization) throw notFound('Organization not found');
        if (query.sectionId !== undefined && !rest.sections.some((x) => x.sectionId === query.sectionId)) throw notFound('Section not found');
        return fleetOverview({ ...rest, leadTimes: organization }, now, query.sectionId ?? null, organization.timeZone ?? DEFAULT_TIME_ZONE);
      },
    );
  },
};
