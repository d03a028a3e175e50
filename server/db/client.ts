import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as schema from './schema/index.ts';
import { listenWithReconnect } from './listen.ts';

export type Schema = typeof schema;
/** The database handle, the same type over PGlite and node-postgres. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction handle; every query function takes `Db | Tx` as `Queryable`. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type Queryable = Db | Tx;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /**
   * A raw LISTEN/NOTIFY channel, present on PostgreSQL only. It reconnects by itself after a lost
   * connection and then calls `onReconnect` (server/db/listen.ts).
   */
  pgListen?: (channel: string, onMessage: (payload: string) => void, onReconnect?: () => void) => Promise<() => Promise<void>>;
  close(): Promise<void>;
}

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

export interface OpenOptions {
  dataDir: string;
  databaseUrl?: string | undefined;
}

/** Opens PGlite under dataDir, or PostgreSQL when a URL is given, and runs the migrations. */
export async function openDatabase(options: OpenOptions): Promise<Database> {
  const database = options.databaseUrl ? await openPostgres(options.databaseUrl) : await openPglite(options.dataDir);
  return database;
}

async function openPglite(dataDir: string): Promise<Database> {
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  const dir = path.join(dataDir, 'pgdata');
  fs.mkdirSync(dir, { recursive: true });
  const client = await PGlite.create(dir);
  const db = drizzle(client, { schema }) as unknown as Db;
  await migrate(drizzle(client, { schema }), { migrationsFolder });
  return { db, kind: 'pglite', close: () => client.close() };
}

async function openPostgres(url: string): Promise<Database> {
  const pg = (await import('pg')).default;
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const { migrate } = await import('drizzle-orm/node-postgres/migrator');
  // pg returns bigint (int8) as string; every bigint here is a revision that fits a JS number.
  pg.types.setTypeParser(20, (v: string) => Number.parseInt(v, 10));
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // A connection the server drops (a restart, a failover, a database dropped at the end of a test
  // run) must not take the process down: the pool opens a new one on next use.
  let closing = false;
  const onConnectionError = (error: Error) => {
    if (!closing) console.error(`PostgreSQL connection lost: ${error.message}`);
  };
  pool.on('error', onConnectionError);
  pool.on('connect', (client) => client.on('error', onConnectionError));
  const typed = drizzle(pool, { schema });
  // Several instances may start together: one migrates while the others wait.
  const lockClient = await pool.connect();
  try {
    await lockClient.query('select pg_advisory_lock(727274)');
    await migrate(typed, { migrationsFolder });
  } finally {
    await lockClient.query('select pg_advisory_unlock(727274)').catch(() => undefined);
    lockClient.release();
  }
  const pgListen = (channel: string, onMessage: (payload: string) => void, onReconnect?: () => void) =>
    listenWithReconnect(pg.Client, url, { channel, onMessage, onError: onConnectionError, ...(onReconnect ? { onReconnect } : {}) });
  const close = async () => {
    closing = true;
    await pool.end();
  };
  return { db: typed as unknown as Db, kind: 'postgres', pgListen, close };
}
