import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { route } from '../../http/route.ts';

/** Routes that need no sign-in: health, and what the browser needs before it can sign in. */
export function registerPublicRoutes(app: FastifyInstance, ctx: AppContext): void {
  // Liveness: answered without the database, so a busy server whose queries wait (PGlite has one
  // connection) is not taken for a dead one and restarted by its health check.
  route(app, { method: 'GET', url: '/healthz', access: { public: true } }, async () => ({ ok: true, database: ctx.database.kind }));

  // Readiness: the database answers (behind whatever queue it has).
  route(app, { method: 'GET', url: '/readyz', access: { public: true } }, async () => {
    await ctx.db.execute(sql`select 1`);
    return { ok: true, database: ctx.database.kind };
  });

  route(app, { method: 'GET', url: '/app-config.json', access: { public: true } }, async () => ({
    productName: ctx.config.productName,
    oidc: {
      authority: ctx.config.oidcIssuer ?? `${ctx.config.publicUrl}/oidc`,
      clientId: ctx.config.oidcClientId,
    },
    roleGroupPrefix: ctx.config.roleGroupPrefix,
  }));
}
