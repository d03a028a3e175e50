import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { route } from '../../http/route.ts';
import { WEBSITE, checkOrg } from '../../auth/access.ts';
import { badRequest } from '../../http/errors.ts';
import { entityId } from '../../../core/schema/common.ts';
import type { Af1800Month } from '../../../core/schema/af1800.ts';
import { AF1800_MONTH_MESSAGE, af1800MonthProblem, currentAf1800Month } from '../../../core/rules/af1800-form.ts';
import { orgTimeZone } from '../organization/queries.ts';
import { blankFormBytes } from './blank-form.ts';
import type { ServerModule } from '../module.ts';
import { organizationAf1800Report, vehicleAf1800Form } from './queries.ts';

/** Path year and month: the spec's URLs pad the month to two digits ('03'); '3' is read the same. */
const yearParam = z
  .string()
  .regex(/^\d{4}$/, 'The year is four digits, such as 2026')
  .transform(Number);
const monthParam = z
  .string()
  .regex(/^(0?[1-9]|1[0-2])$/, AF1800_MONTH_MESSAGE)
  .transform(Number);

const vehicleParams = z.object({ vehicleId: entityId });
const vehicleMonthParams = vehicleParams.extend({ year: yearParam, month: monthParam });
const orgMonthParams = z.object({ orgId: entityId, year: yearParam, month: monthParam });

/** A month that can have a form; a future month (of the organization's zone) or one before 1900 is a 400 with the reason. */
async function formMonth(ctx: AppContext, orgId: string, params: { year: number; month: number }, now: Date): Promise<Af1800Month> {
  const month = { year: params.year, month: params.month };
  const problem = af1800MonthProblem(month, now, await orgTimeZone(ctx.db, orgId));
  if (problem) throw badRequest(problem);
  return month;
}

/** AF1800 form data (part 2 §7): a vehicle's current and monthly form, the combined monthly report, the blank form. */
function registerAf1800Routes(app: FastifyInstance, ctx: AppContext): void {
  route(app, { method: 'GET', url: '/data/v1/vehicles/:vehicleId/files/af1800/recent', access: WEBSITE, params: vehicleParams }, async ({ principal, params }) => {
    const now = new Date();
    return vehicleAf1800Form(ctx, principal, params.vehicleId, currentAf1800Month(now, await orgTimeZone(ctx.db, principal.orgId)), now);
  });

  route(
    app,
    { method: 'GET', url: '/data/v1/vehicles/:vehicleId/files/af1800/:year/:month', access: WEBSITE, params: vehicleMonthParams },
    async ({ principal, params }) => {
      const now = new Date();
      return vehicleAf1800Form(ctx, principal, params.vehicleId, await formMonth(ctx, principal.orgId, params, now), now);
    },
  );

  route(
    app,
    { method: 'GET', url: '/data/v1/organizations/:orgId/reports/af1800/:year/:month', access: WEBSITE, params: orgMonthParams },
    async ({ principal, params }) => {
      checkOrg(principal, params.orgId);
      const now = new Date();
      return organizationAf1800Report(ctx, principal, await formMonth(ctx, principal.orgId, params, now), now);
    },
  );

  // The blank form is public knowledge (a published Air Force form): no sign-in, cacheable by anyone.
  route(app, { method: 'GET', url: '/Af1800.pdf', access: { public: true } }, async ({ reply }) => {
    const bytes = await blankFormBytes();
    reply.type('application/pdf').header('content-disposition', 'inline; filename="Af1800.pdf"').header('cache-control', 'public, max-age=86400');
    return Buffer.from(bytes);
  });
}

export const af1800Module: ServerModule = { register: registerAf1800Routes };
