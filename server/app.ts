import Fastify, { type FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import websocket from '@fastify/websocket';
import { inArray, sql } from 'drizzle-orm';
import type { ServerConfig } from './config.ts';
import type { Database } from './db/client.ts';
import { createWriter } from './db/write.ts';
import { openFileStore } from './files/open.ts';
import { blobStoreFor, createFileStore } from './files/store.ts';
import { UploadGate } from './files/upload-gate.ts';
import { registerCspReports } from './http/csp-report.ts';
import { clientErrorHandler, frameworkErrorHandler, installErrorHandling } from './http/errors.ts';
import { installJsonBodyParser } from './http/json-body.ts';
import { closeConnectionsAsTheyFinish } from './http/graceful-close.ts';
import { installCacheHeaders, installPathGuard, installSecurityHeaders } from './http/security.ts';
import { loggerOptions, type LogStream } from './log.ts';
import { orgClocks } from './db/schema/index.ts';
import { startEpoch } from './sync/epoch.ts';
import { EventBus, NOTIFY_CHANNEL } from './stream/bus.ts';
import { storeLiveEvents, toStreamEvents, type LiveEventInput } from './stream/live-events.ts';
import type { AppContext } from './context.ts';
import { MODULES, syncTables } from './modules/index.ts';
import { registerOrgFactory } from './seed/org-factory.ts';
import { mountOidc } from './auth/oidc/index.ts';
import { createVerifier, EMBEDDED_AUDIENCE } from './auth/verify.ts';
import { authenticate } from './auth/authenticate.ts';
import { createIdentities, guardIdentityHeader } from './auth/identity.ts';
import { registerSessionRoutes } from './modules/session/routes.ts';
import { registerSyncRoutes } from './sync/routes.ts';
import { registerStreamRoutes } from './stream/routes.ts';
import { shedLoad } from './http/load-shed.ts';
import { registerPublicRoutes } from './modules/public/routes.ts';

export interface BuiltApp {
  app: FastifyInstance;
  ctx: AppContext;
  /** Stops listening for other instances' events; the caller closes the app and the database. */
  detach(): Promise<void>;
}

export interface BuildOptions {
  /** Where the log goes instead of stdout (tests read it). */
  logStream?: LogStream;
}

/** Assembles the server: error handling, identity, live stream and every module's routes. */
export async function buildApp(config: ServerConfig, database: Database, options: BuildOptions = {}): Promise<BuiltApp> {
  const app = Fastify({
    logger: config.logLevel === 'silent' ? false : loggerOptions(config.logLevel, options.logStream),
    bodyLimit: config.bodyLimitBytes,
    // X-Forwarded-* speak for the client only from the proxies TRUST_PROXY names (none by default).
    trustProxy: config.trustProxy,
    // What the router and Node's parser refuse before any route answers in the one error format too.
    frameworkErrors: frameworkErrorHandler,
    clientErrorHandler,
    // The spec writes some paths with a trailing slash (POST /auth/users/, POST .../workflows/): both spellings answer.
    routerOptions: { ignoreTrailingSlash: true },
  });
  // First: headers on every answer, then no path with dot segments reaches any route or middleware.
  await installSecurityHeaders(app, config);
  installPathGuard(app);
  installCacheHeaders(app);
  installErrorHandling(app);
  closeConnectionsAsTheyFinish(app);
  installJsonBodyParser(app);
  guardIdentityHeader(app);
  // The API speaks JSON only; a text body is refused with 415 rather than parsed.
  app.removeContentTypeParser('text/plain');
  await app.register(websocket, { options: { maxPayload: 64 * 1024 } });
  // Multipart bodies are read only by routes that take them (RouteDef.multipart; others answer 415),
  // each file streamed to a temporary file, at most the upload limit; a form's text fields are short.
  await app.register(multipart, {
    limits: { fileSize: config.uploadLimitBytes, fieldSize: 16 * 1024, fields: 20, parts: 80, headerPairs: 100 },
  });

  const { db } = database;
  const bus = new EventBus(database.pgListen ? async (payload) => void (await db.execute(sql`select pg_notify(${NOTIFY_CHANNEL}, ${payload})`)) : undefined);
  const revisionsOf = async (orgIds: string[]) => {
    const rows = await db.select({ orgId: orgClocks.orgId, rev: orgClocks.rev }).from(orgClocks).where(inArray(orgClocks.orgId, orgIds));
    return new Map(rows.map((r) => [r.orgId, r.rev]));
  };
  // Messages sent while LISTEN was down are lost: every client connected here pulls once it is back.
  const pokeEveryone = () => void bus.pokeAll(revisionsOf).catch((err) => app.log.error({ err }, 'could not poke the stream clients'));
  const unlisten = database.pgListen ? await database.pgListen(NOTIFY_CHANNEL, (payload) => bus.receiveRemote(payload), pokeEveryone) : undefined;
  await startEpoch(db);
  const files = createFileStore(blobStoreFor(database, config.dataDir), config.uploadLimitBytes);
  await openFileStore(app, db, files, config.dataDir);

  const write = createWriter<LiveEventInput>(db, {
    beforeCommit: storeLiveEvents,
    afterCommit: (orgId, rev, events) => {
      for (const event of toStreamEvents(events)) bus.publish(orgId, { type: 'event', event });
      bus.publish(orgId, { type: 'poke', rev });
    },
  });
  const ctx: AppContext = { config, database, db, bus, write, syncTables, files };
  app.decorate('writer', write);
  app.decorate('uploads', { files, gate: new UploadGate(), requestLimitBytes: config.uploadRequestLimitBytes });

  const embedded = !config.oidcIssuer;
  const verifier = embedded
    ? await mountOidc(app, { db, config }).then(({ issuer, jwks }) =>
        createVerifier({ issuer, jwks, audience: EMBEDDED_AUDIENCE, roleGroupPrefix: config.roleGroupPrefix }),
      )
    : createVerifier({ issuer: config.oidcIssuer!, audience: config.oidcAudience, roleGroupPrefix: config.roleGroupPrefix });
  const identities = createIdentities(verifier);
  app.decorate('identities', identities);
  app.decorate('principalOf', async (request) => authenticate(db, await identities.of(request), embedded));

  if (config.maxConcurrentRequests > 0) shedLoad(app, config.maxConcurrentRequests);
  registerPublicRoutes(app, ctx);
  registerCspReports(app);
  registerSessionRoutes(app);
  registerSyncRoutes(app, ctx);
  registerStreamRoutes(app, ctx);
  for (const module of MODULES) module.register(app, ctx);
  if (config.orgFactory) {
    app.log.warn('E2E_ORG_FACTORY is on: anyone can create organizations with POST /test/organizations (test servers only)');
    registerOrgFactory(app, ctx);
  }

  return { app, ctx, detach: async () => unlisten?.() };
}
