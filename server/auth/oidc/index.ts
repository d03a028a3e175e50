import type { IncomingMessage, ServerResponse } from 'node:http';
import middie from '@fastify/middie';
import type { FastifyInstance } from 'fastify';
import type { JWK } from 'jose';
import { Provider } from 'oidc-provider';
import type { ServerConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { purgeExpired } from './adapter.ts';
import { buildConfiguration, oidcUrls, webClient } from './configuration.ts';
import { registerInteractionRoutes } from './interaction.ts';
import { loadOidcSecrets, publicJwks } from './secrets.ts';
import { createJwtUserinfo } from './userinfo.ts';

const PURGE_EVERY_MS = 10 * 60_000;
const OIDC_PATH = /^\/oidc(\/|\?|$)/;
const FORWARDED_HEADERS = ['forwarded', 'x-forwarded-for', 'x-forwarded-host', 'x-forwarded-proto', 'x-forwarded-port', 'x-forwarded-prefix', 'x-real-ip'];

/**
 * The embedded OpenID provider at /oidc (oidc-provider, a Koa app, behind @fastify/middie) and its
 * sign-in page. Call on the root instance before `listen`/`ready`; `config.publicUrl` must be the
 * origin browsers use, because the issuer and every redirect derive from it.
 */
export async function mountOidc(app: FastifyInstance, deps: { db: Db; config: ServerConfig }): Promise<{ issuer: string; jwks: { keys: JWK[] } }> {
  const { db, config } = deps;
  const urls = oidcUrls(config);
  const secrets = await loadOidcSecrets(db);
  const jwks = publicJwks(secrets.signingKeys);

  const provider = new Provider(urls.issuer, buildConfiguration({ db, config, secrets, urls }));
  // The provider (Koa) reads the client's address, host and scheme from X-Forwarded-* headers, which
  // the hook below rewrites from what Fastify decided under TRUST_PROXY: forged ones never reach it.
  provider.proxy = true;
  provider.on('server_error', (_ctx, err) => app.log.error({ err }, 'OpenID provider failed'));

  const allowedOrigins = new Set((webClient(config).redirect_uris ?? []).map((uri) => new URL(uri).origin));
  const userinfo = createJwtUserinfo({ db, issuer: urls.issuer, jwks, roleGroupPrefix: config.roleGroupPrefix, allowedOrigins });
  const handleProvider = provider.callback();
  const https = config.publicUrl.startsWith('https:');

  // Before middie (hooks run in the order they are added), so the provider sees only these values.
  app.addHook('onRequest', (request, _reply, done) => {
    if (OIDC_PATH.test(request.url)) {
      // Read first: Fastify's getters look at the headers deleted below.
      const { ip, host, protocol } = request;
      const headers = request.raw.headers;
      for (const name of FORWARDED_HEADERS) delete headers[name];
      if (ip) headers['x-forwarded-for'] = ip;
      if (host) headers['x-forwarded-host'] = host;
      // The public origin is https: a request that reached us came through its TLS terminator.
      headers['x-forwarded-proto'] = https ? 'https' : protocol;
    }
    done();
  });

  if (!app.hasDecorator('use')) await app.register(middie);
  // middie runs in onRequest, before any body parser, so the provider reads its own raw bodies.
  app.use('/oidc', (req: IncomingMessage, res: ServerResponse, next: (err?: unknown) => void) => {
    const path = (req.url ?? '/').split('?')[0]!;
    if (path.startsWith('/interaction/')) return next();
    if (userinfo.handle(req, res, path, (err) => app.log.error({ err }, 'userinfo failed'))) return;
    void handleProvider(req, res);
  });

  await registerInteractionRoutes(app, { provider, db, config, urls });

  const purge = setInterval(() => {
    purgeExpired(db).catch((err: unknown) => app.log.warn({ err }, 'purging expired OpenID provider rows failed'));
  }, PURGE_EVERY_MS);
  purge.unref();
  app.addHook('onClose', async () => clearInterval(purge));

  return { issuer: urls.issuer, jwks };
}
