import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { route } from '../http/route.ts';
import { WEBSITE } from '../auth/access.ts';
import { badRequest } from '../http/errors.ts';
import { compressedJson } from '../http/compressed-json.ts';
import { pullQuerySchema, pushEnvelopeSchema } from '../../core/schema/sync.ts';
import { answersPath, answersQuerySchema } from '../../core/schema/sync-answers.ts';
import { answersPage } from './answers.ts';
import { pull } from './pull.ts';
import { push } from './push.ts';

export function registerSyncRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, { method: 'GET', url: '/data/v1/sync/pull', access: WEBSITE, query: pullQuerySchema }, async ({ principal, query, request, reply }) =>
    compressedJson(request, reply, await pull(ctx.db, ctx.syncTables, principal, query)),
  );

  route(app, { method: 'GET', url: answersPath, access: WEBSITE, query: answersQuerySchema }, async ({ principal, query, request, reply }) =>
    compressedJson(request, reply, await answersPage(ctx.db, ctx.syncTables, principal, query)),
  );

  route(app, { method: 'POST', url: '/data/v1/sync/push', access: WEBSITE, body: pushEnvelopeSchema, envelope: true }, async ({ principal, body, request }) => {
    if (app.identities.isLent(request)) throw badRequest('A mutation cannot call the sync API itself');
    const loan = app.identities.lend(await app.identities.of(request));
    try {
      return { results: await push(app, ctx.db, principal, loan.headers, body) };
    } finally {
      loan.release();
    }
  });
}
