import type { FastifyInstance } from 'fastify';
import { insightsPaths, insightsQuerySchema, type InsightsQuery } from '../../../core/schema/insights.ts';
import { INSIGHTS_READERS } from '../../auth/access.ts';
import type { Principal } from '../../auth/principal.ts';
import type { AppContext } from '../../context.ts';
import type { Queryable } from '../../db/client.ts';
import { route } from '../../http/route.ts';
import { orgTimeZone } from '../organization/queries.ts';
import type { ServerModule } from '../module.ts';
import { failuresOverview, failuresPerVehicle } from './failures-sql.ts';
import { inspectInsight } from './inspect-sql.ts';
import { readFigures } from './read-figures.ts';
import { usageExcess, usageTimeseries } from './usage-sql.ts';

/**
 * The five insights calls (part 2 §2.5, §7; core/schema/insights.ts): the principal's organization
 * (the paths carry no orgId), a range of its days in its zone, SQL aggregates in one read-only snapshot.
 * docs/insights-reports.md, "The server's figures", states every rule.
 */
function registerInsightsRoutes(app: FastifyInstance, ctx: AppContext): void {
  const answer = <T>(principal: Principal, query: InsightsQuery, figures: (db: Queryable, orgId: string, query: InsightsQuery, zone: string) => Promise<T>) =>
    readFigures(ctx, principal, async (db) => figures(db, principal.orgId, query, await orgTimeZone(db, principal.orgId)));

  route(app, { method: 'GET', url: insightsPaths.inspect.pattern, access: INSIGHTS_READERS, query: insightsQuerySchema }, ({ principal, query }) =>
    answer(principal, query, inspectInsight),
  );
  route(app, { method: 'GET', url: insightsPaths.failuresOverview.pattern, access: INSIGHTS_READERS, query: insightsQuerySchema }, ({ principal, query }) =>
    answer(principal, query, failuresOverview),
  );
  route(app, { method: 'GET', url: insightsPaths.failuresPerVehicle.pattern, access: INSIGHTS_READERS, query: insightsQuerySchema }, ({ principal, query }) =>
    answer(principal, query, failuresPerVehicle),
  );
  route(app, { method: 'GET', url: insightsPaths.usageTimeseries.pattern, access: INSIGHTS_READERS, query: insightsQuerySchema }, ({ principal, query }) =>
    answer(principal, query, usageTimeseries),
  );
  route(app, { method: 'GET', url: insightsPaths.usageExcess.pattern, access: INSIGHTS_READERS, query: insightsQuerySchema }, ({ principal, query }) =>
    answer(principal, query, usageExcess),
  );
}

export const insightsModule: ServerModule = { register: registerInsightsRoutes };
