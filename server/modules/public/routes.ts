import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { route } from '../../http/route.ts';

/** Routes that need no sign-in: health, and what the browser needs before it can sign in. */
export function registerPublicRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, { method: 'GET', url: '/healthz', access: { public: true } }, async () => {
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
