import helmet from '@fastify/helmet';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import type { ServerConfig } from '../config.ts';
import { CSP_REPORT_PATH } from './csp-report.ts';
import { errorBody } from './errors.ts';

/**
 * The Content-Security-Policy of every answer (docs/architecture.md, "Security"). The app's page
 * loads only its own hashed scripts (vite emits no inline script), its module workers (pull, AF1800
 * via comlink, pdf.js) and the service worker come from the same origin, Mantine injects <style>
 * elements (hence 'unsafe-inline' for styles only), pdf.js draws images from data: and blob: URLs.
 * The provider's own pages replace it with a stricter one of their own (server/auth/oidc/pages.ts).
 */
export function contentSecurityPolicy(config: ServerConfig): Record<string, string[]> {
  const self = new URL(config.publicUrl);
  const socketOrigin = `${self.protocol === 'https:' ? 'wss:' : 'ws:'}//${self.host}`;
  const issuerOrigin = config.oidcIssuer ? new URL(config.oidcIssuer).origin : undefined;
  const https = self.protocol === 'https:';
  return {
    'default-src': ["'self'"],
    'base-uri': ["'self'"],
    'script-src': ["'self'"],
    'script-src-attr': ["'none'"],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'", socketOrigin, ...(issuerOrigin && issuerOrigin !== self.origin ? [issuerOrigin] : [])],
    'worker-src': ["'self'"],
    'manifest-src': ["'self'"],
    'object-src': ["'none'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
    'report-uri': [CSP_REPORT_PATH],
    ...(https ? { 'upgrade-insecure-requests': [] } : {}),
  };
}

/** A Content-Security-Policy header value from its directives. */
export function serializePolicy(directives: Record<string, string[]>): string {
  return Object.entries(directives)
    .map(([name, sources]) => [name, ...sources].join(' '))
    .join('; ');
}

/**
 * Strict headers on every answer, with @fastify/helmet. Register before any route or middleware.
 * Fastify answers some requests itself before any hook runs (a path that is not valid
 * percent-encoding: 400, a parameter too long: 414), so the essential headers are also set on the raw
 * response as each request arrives; helmet's hook, the provider and the sign-in pages then set
 * their own over them.
 */
export async function installSecurityHeaders(app: FastifyInstance, config: ServerConfig): Promise<void> {
  const https = config.publicUrl.startsWith('https:');
  const baseline: [string, string][] = [
    ['content-security-policy', serializePolicy(contentSecurityPolicy(config))],
    ['x-content-type-options', 'nosniff'],
    ['referrer-policy', 'no-referrer'],
    ['x-frame-options', 'DENY'],
  ];
  app.server.prependListener('request', (request: IncomingMessage, response: ServerResponse) => {
    for (const [name, value] of baseline) response.setHeader(name, value);
    const url = request.url ?? '/';
    if (NO_STORE.test(url)) response.setHeader('cache-control', 'no-store');
  });
  await app.register(helmet, {
    global: true,
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(config) },
    // The app opens no cross-origin window; the sign-in is a same-window redirect.
    crossOriginOpenerPolicy: { policy: 'same-origin' },
    crossOriginResourcePolicy: { policy: 'same-origin' },
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'no-referrer' },
    strictTransportSecurity: https ? { maxAge: 180 * 24 * 3600, includeSubDomains: false } : false,
    xFrameOptions: { action: 'deny' },
    xContentTypeOptions: true,
    originAgentCluster: true,
    xDnsPrefetchControl: { allow: false },
    xDownloadOptions: true,
    xPermittedCrossDomainPolicies: { permittedPolicies: 'none' },
    xXssProtection: true,
  });
}

/** API answers are about one user's data: never stored by any cache. */
const NO_STORE = /^\/(data|auth|stream)(\/|$)|^\/(healthz|readyz)(\?|$)/;
/** The discovery document names this server's endpoints: a browser may keep it, a shared cache not. */
const DISCOVERY = /^\/oidc\/\.well-known\//;

export function installCacheHeaders(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    const url = request.url;
    if (NO_STORE.test(url)) reply.header('cache-control', 'no-store');
    // The provider answers these itself, on the raw response (it sets no cache header of its own).
    else if (DISCOVERY.test(url)) reply.raw.setHeader('cache-control', 'private, no-cache');
    done();
  });
}

/**
 * Whether a request path holds a `.` or `..` segment, plain or percent-encoded (`%2e%2e`), or one
 * hidden behind an encoded slash or a backslash. Such a path means a different route to every
 * component that normalizes it, so none may see it.
 */
export function hasDotSegment(url: string): boolean {
  const path = url.split('?', 1)[0]!;
  for (const raw of path.split('/')) {
    if (raw === '') continue;
    let segment: string;
    try {
      segment = decodeURIComponent(raw);
    } catch {
      segment = raw.replace(/%2e/gi, '.');
    }
    if (segment.split(/[\\/]/).some((part) => part === '.' || part === '..')) return true;
  }
  return false;
}

/** Refuses paths with dot segments (400) before any route, hook or middleware sees them. */
export function installPathGuard(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    if (hasDotSegment(request.raw.url ?? '/')) {
      reply.code(400).send(errorBody('The request path may not contain "." or ".." segments'));
      return;
    }
    done();
  });
}
