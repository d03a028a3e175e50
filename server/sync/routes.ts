import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { route } from '../http/route.ts';
import { WEBSITE } from '../auth/access.ts';
import { badRequest } from '../http/errors.ts';
import { pullQuerySchema, pushBodySchema } from '../../core/schema/sync.ts';
import { pull } from './pull.ts';
import { push } from './push.ts';

export function registerSyncRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, { method: 'GET', url: '/data/v1/sync/pull', access: WEBSITE, query: pullQuerySchema }, async ({ principal, query }) =>
    pull(ctx.db, ctx.syncTables, principal, query),
  );

  route(app, { method: 'POST', url: '/data/v1/sync/push', access: WEBSITE, body: pushBodySchema }, async ({ principal, body, request }) => {
    const nested = body.mutations.find((m) => m.request.path.startsWith('/data/v1/sync/'));
    if (nested) throw badRequest(`Mutation ${nested.id} calls the sync API itself, which a mutation cannot do`);
    const results = await push(app, ctx.db, principal, request.headers.authorization ?? '', body);
    return { results };
  });
}
