import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { ServerConfig } from './config.ts';

/**
 * Serves the built browser app (dist/) when there is one. The app itself arrives with the browser
 * foundation; until then / answers with a page that says how to sign in.
 */
export async function serveBrowserApp(app: FastifyInstance, config: ServerConfig): Promise<void> {
  const dist = path.resolve('dist');
  if (fs.existsSync(path.join(dist, 'index.html'))) {
    const { default: fastifyStatic } = await import('@fastify/static');
    await app.register(fastifyStatic, { root: dist, wildcard: false });
    return;
  }
  app.get('/', async (_request, reply) => {
    reply.type('text/html; charset=utf-8');
    return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${config.productName}</title></head><body><main><h1>${config.productName}</h1><p>The API is running. Sign in at <a href="/oidc/.well-known/openid-configuration">the embedded OpenID provider</a>.</p></main></body></html>`;
  });
}
