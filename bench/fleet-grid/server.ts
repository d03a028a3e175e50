// The real server (buildApp, PGlite in the bench cache) with a bench-only route added before it listens:
// the built bench page. The page and GET /data/v2/fleet/bulk thus share one origin, as the app and its
// API do. The feed files the page fills its mirror from have a server of their own (feed-server.ts).
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app.ts';
import { loadConfig } from '../../server/config.ts';
import type { AppContext } from '../../server/context.ts';
import { openDatabase } from '../../server/db/client.ts';
import { freePort } from '../../tests/support/server.ts';

export interface BenchServer {
  baseUrl: string;
  port: number;
  ctx: AppContext;
  stop(): Promise<void>;
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.json': 'application/json',
};

function benchRoutes(app: FastifyInstance, pageDir: string): void {
  app.get('/__bench/page/*', async (request, reply) => {
    const file = path.resolve(pageDir, (request.params as { '*': string })['*'] || 'index.html');
    if (!file.startsWith(pageDir + path.sep) || !fs.existsSync(file)) return reply.code(404).send({ errorMessage: 'Not found' });
    // The page fills its mirror from the feed server (feed-server.ts), on another port of this machine.
    const policy = reply.getHeader('content-security-policy') ?? reply.raw.getHeader('content-security-policy');
    if (typeof policy === 'string') reply.header('content-security-policy', policy.replace(/connect-src ([^;]*)/, 'connect-src $1 http://127.0.0.1:*'));
    return reply.type(TYPES[path.extname(file)] ?? 'application/octet-stream').send(fs.createReadStream(file));
  });
}

export async function startBenchServer(options: { dataDir: string; pageDir: string }): Promise<BenchServer> {
  const port = await freePort();
  const config = loadConfig({
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: options.dataDir,
    LOG_LEVEL: 'silent',
    SEED_ON_EMPTY: 'false',
  });
  const database = await openDatabase(config);
  const { app, ctx, detach } = await buildApp(config, database);
  benchRoutes(app, options.pageDir);
  await app.listen({ port, host: '127.0.0.1' });
  return {
    baseUrl: config.publicUrl,
    port,
    ctx,
    async stop() {
      await app.close();
      await detach();
      // PGlite writes its files on close: the cached database stays whole for the next run.
      await database.close();
    },
  };
}
