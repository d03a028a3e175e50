import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { route } from '../http/route.ts';
import { checkSectionForReads, INSPECTION_CLIENTS } from '../auth/access.ts';
import { inspectorFeeds } from './inspector-feeds.ts';
import { badRequest } from '../http/errors.ts';
import { compressedJson } from '../http/compressed-json.ts';
import { pullQuerySchema, pushEnvelopeSchema } from '../../core/schema/sync.ts';
import { answersPath, answersQuerySchema, type AnswersPage } from '../../core/schema/sync-answers.ts';
import { answersPage } from './answers.ts';
import { pull } from './pull.ts';
import { push } from './push.ts';

export function registerSyncRoutes(app: FastifyInstance, ctx: AppContext): void {
  const inspectorTables = inspectorFeeds(ctx.syncTables);
  // An inspector pulls what an inspection needs (server/sync/inspector-feeds.ts), every other role
  // the whole feed; a website role without a section is answered 412, as its other reads are.
  route(app, { method: 'GET', url: '/data/v1/sync/pull', access: INSPECTION_CLIENTS, query: pullQuerySchema }, async ({ principal, query, request, reply }) => {
    if (principal.role !== 'inspector') checkSectionForReads(principal);
    const tables = principal.role === 'inspector' ? inspectorTables : ctx.syncTables;
    return compressedJson(request, reply, await pull(ctx.db, tables, principal, query));
  });

  // An inspector's tablet pulls no inspections, so its first sync's answers are none (not a 403, which
  // would tell the app its rights changed).
  route(app, { method: 'GET', url: answersPath, access: INSPECTION_CLIENTS, query: answersQuerySchema }, async ({ principal, query, request, reply }) => {
    if (principal.role === 'inspector') return { answers: [], next: null, total: 0 } satisfies AnswersPage;
    checkSectionForReads(principal);
    return compressedJson(request, reply, await answersPage(ctx.db, ctx.syncTables, principal, query));
  });

  // Each pushed mutation calls its route with the caller's identity, which checks its access: an
  // inspector's outbox sends inspections and their pictures, and its other calls are refused there.
  route(
    app,
    { method: 'POST', url: '/data/v1/sync/push', access: INSPECTION_CLIENTS, body: pushEnvelopeSchema, envelope: true },
    async ({ principal, body, request }) => {
      if (app.identities.isLent(request)) throw badRequest('A mutation cannot call the sync API itself');
      const loan = app.identities.lend(await app.identities.of(request));
      try {
        return { results: await push(app, ctx.db, principal, loan.headers, body) };
      } finally {
        loan.release();
      }
    },
  );
}
