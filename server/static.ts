import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { ServerConfig } from './config.ts';
import { notFound } from './http/errors.ts';
import { INSPECT_PAGE, INSPECT_PATH, isPwaHost } from '../core/rules/pwa-host.ts';

/** Paths the server answers itself; everything else that a browser navigates to is the app. */
/**
 * The server's own prefixes: an unknown path under one answers a JSON 404, never the app's page. The
 * insights calls live under /insights/ (part 2 §7), beside the app's /Insights screen, which stays the page.
 */
const SERVER_PATHS = /^\/((oidc|data|auth|stream|files)(\/|$)|insights\/)/;

/**
 * Serves the built browser app (`config.webDir`, dist/ by default, made by `vite build`): hashed assets for a year, the page,
 * the service worker and the manifest never from a stale cache, and the app page for every other
 * path a browser navigates to (the app routes itself). Without a build, / says how to build one.
 */
export async function serveBrowserApp(app: FastifyInstance, config: ServerConfig): Promise<void> {
  const dist = config.webDir;
  const indexFile = path.join(dist, 'index.html');
  if (!fs.existsSync(indexFile)) {
    app.get('/', async (_request, reply) => {
      reply.type('text/html; charset=utf-8');
      return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${config.productName}</title></head><body><main><h1>${config.productName}</h1><p>The API is running, but the browser app is not built. Run <code>npm start</code> (it builds the app first) or <code>npm run build</code>.</p></main></body></html>`;
    });
    return;
  }
  const { default: fastifyStatic } = await import('@fastify/static');
  await app.register(fastifyStatic, {
    root: dist,
    wildcard: false,
    index: false,
    setHeaders: (res, filePath) => {
      const name = path.basename(filePath);
      const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
      const revalidate = name.endsWith('.html') || name === 'sw.js' || name.endsWith('.webmanifest') || name.startsWith('workbox-');
      if (immutable) res.setHeader('cache-control', 'public, max-age=31536000, immutable');
      else if (revalidate) res.setHeader('cache-control', 'no-cache');
    },
  });
  const page = (reply: import('fastify').FastifyReply, file: string) => reply.header('cache-control', 'no-cache').sendFile(file);
  // The inspection app is a page of its own (its manifest, scope /inspect); the root of a pwa host opens it.
  app.get('/', (request, reply) => (isPwaHost(request.hostname) ? reply.redirect(INSPECT_PATH) : page(reply, 'index.html')));
  app.get('/*', (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '';
    if (SERVER_PATHS.test(pathname) || path.extname(pathname) !== '') throw notFound(`No such route: GET ${pathname}`);
    return page(reply, INSPECT_PAGE.test(pathname) ? 'inspect.html' : 'index.html');
  });
}
