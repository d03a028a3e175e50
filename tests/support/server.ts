import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { loadConfig } from '../../server/config.ts';
import { openDatabase } from '../../server/db/client.ts';
import type { LogStream } from '../../server/log.ts';
import { serveBrowserApp } from '../../server/static.ts';
import { buildApp } from '../../server/app.ts';
import type { AppContext } from '../../server/context.ts';
import type { FastifyInstance } from 'fastify';

export interface TestServer {
  baseUrl: string;
  port: number;
  dataDir: string;
  databaseUrl: string | undefined;
  ctx: AppContext;
  app: FastifyInstance;
  /** Stops the server; the data stays unless `drop` is set. */
  stop(options?: { drop?: boolean }): Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

/** A fresh PostgreSQL database for one test file, made from TEST_DATABASE_URL. */
async function createPgDatabase(adminUrl: string): Promise<string> {
  const name = `fleet_test_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  await client.query(`create database ${name}`);
  await client.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function dropPgDatabase(adminUrl: string, url: string): Promise<void> {
  const name = new URL(url).pathname.slice(1);
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  await client.query(`drop database if exists ${name} with (force)`);
  await client.end();
}

export interface StartOptions {
  /** Reuse a data dir or database (for restart tests). */
  dataDir?: string;
  databaseUrl?: string;
  port?: number;
  env?: Record<string, string>;
  /** Log into this stream instead of not at all (LOG_LEVEL defaults to debug then). */
  logStream?: LogStream;
  /** Serve the browser app from this folder beside the API, as server/main.ts does. */
  webDir?: string;
}

/**
 * The real server on a free port: PGlite in a fresh temp dir, or a fresh PostgreSQL database when
 * TEST_DATABASE_URL is set (the PostgreSQL pass of the API tests).
 */
export async function startTestServer(options: StartOptions = {}): Promise<TestServer> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  const dataDir = options.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'fleet-test-'));
  const databaseUrl = options.databaseUrl ?? (adminUrl ? await createPgDatabase(adminUrl) : undefined);
  const port = options.port ?? (await freePort());
  const config = loadConfig({
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: dataDir,
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    LOG_LEVEL: options.logStream ? 'debug' : 'silent',
    SEED_ON_EMPTY: 'false',
    // Off unless a test asks for it (tests/api/load-shed.test.ts): suites that fire many requests at
    // once test other things, and a 503 there would be noise.
    MAX_CONCURRENT_REQUESTS: '0',
    ...(options.webDir ? { WEB_DIR: options.webDir } : {}),
    ...options.env,
  });
  const database = await openDatabase(config);
  const { app, ctx, detach } = await buildApp(config, database, { logStream: options.logStream });
  if (options.webDir) await serveBrowserApp(app, config);
  await app.listen({ port, host: '127.0.0.1' });
  return {
    baseUrl: config.publicUrl,
    port,
    dataDir,
    databaseUrl,
    ctx,
    app,
    async stop({ drop = false } = {}) {
      await app.close();
      await detach();
      await database.close();
      if (drop && databaseUrl && adminUrl) await dropPgDatabase(adminUrl, databaseUrl);
      if (drop && !databaseUrl) fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
