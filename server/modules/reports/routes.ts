import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { reportRange, reportRangeFault } from '../../../core/rules/report-range.ts';
import { entityId } from '../../../core/schema/common.ts';
import { monthlyReportPath, monthlyReportQuerySchema } from '../../../core/schema/monthly-report.ts';
import { checkOrg, REPORT_READERS } from '../../auth/access.ts';
import type { AppContext } from '../../context.ts';
import { badRequest } from '../../http/errors.ts';
import { route } from '../../http/route.ts';
import type { ServerModule } from '../module.ts';
import { readFigures } from '../insights/read-figures.ts';
import { orgTimeZone } from '../organization/queries.ts';
import { monthlyReport } from './monthly-sql.ts';

const orgParams = z.object({ orgId: entityId });

/**
 * GET /data/v1/organizations/{orgId}/reports/monthly (part 2 §2.6, §7; core/schema/monthly-report.ts):
 * a report per section over a range of days (this month to today without dates, today the
 * organization's), neither date in the future. docs/insights-reports.md, "The server's figures", states how each figure is counted.
 */
function registerReportRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(
    app,
    { method: 'GET', url: monthlyReportPath.pattern, access: REPORT_READERS, params: orgParams, query: monthlyReportQuerySchema },
    async ({ principal, params, query }) => {
      checkOrg(principal, params.orgId);
      const now = new Date();
      const zone = await orgTimeZone(ctx.db, principal.orgId);
      const fault = reportRangeFault(query, now, zone);
      if (fault) throw badRequest(fault);
      const range = reportRange(query, now, zone);
      return readFigures(ctx, principal, (db) => monthlyReport(db, principal.orgId, range, now, zone));
    },
  );
}

export const reportsModule: ServerModule = { register: registerReportRoutes };
