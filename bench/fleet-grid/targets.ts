// The databases a server-side fleet bench measures on: PGlite in the bench cache (made from the data
// set when missing), and PostgreSQL when TEST_DATABASE_URL names a server (scripts/start-test-postgres.sh),
// in a database kept there per data set and scope. Each is a running server with a real token endpoint.
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../server/context.ts';
import { startTestServer } from '../../tests/support/server.ts';
import type { FleetDataOptions } from '../fleet-data-types.ts';
import { databaseDir, databaseReady, markDatabaseSeeded, seedFleet, WHOLE_DATA_SET, type DataScope } from './prepare.ts';
import { startBenchServer } from './server.ts';

export interface Target {
  name: string;
  baseUrl: string;
  ctx: AppContext;
  /** How the database came to be: from the cache, or made in this run (and how long that took). */
  made: string;
  stop(): Promise<void>;
}

async function onPglite(cacheDir: string, o: FleetDataOptions, scope: DataScope): Promise<Target> {
  const ready = databaseReady(cacheDir, scope);
  const server = await startBenchServer({ dataDir: databaseDir(cacheDir), pageDir: cacheDir });
  let made = 'database from the cache';
  if (!ready) {
    made = `database made in ${(await seedFleet(o, cacheDir, server.ctx, scope)).toFixed(0)} s`;
    markDatabaseSeeded(cacheDir, scope);
  }
  return { name: 'PGlite', baseUrl: server.baseUrl, ctx: server.ctx, made, stop: () => server.stop() };
}

/** Whether the database at `url` exists and was seeded whole by an earlier run (it holds the marker table). */
async function seededWhole(pg: typeof import('pg').default, url: string, marker: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
  } catch {
    return false;
  }
  try {
    return (await client.query(`select to_regclass('${marker}') is not null as done`)).rows[0]?.done === true;
  } finally {
    await client.end();
  }
}

async function onPostgres(adminUrl: string, cacheDir: string, o: FleetDataOptions, scope: DataScope, prefix: string): Promise<Target> {
  const pg = (await import('pg')).default;
  const name = `${prefix}_${path.basename(cacheDir).slice(-12)}`;
  const marker = `${prefix}_seeded`;
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const seeded = await seededWhole(pg, url.toString(), marker);
  if (!seeded) {
    // A database an interrupted run left half seeded is made again from empty.
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.query(`create database ${name}`);
    await admin.end();
  }
  const server = await startTestServer({ databaseUrl: url.toString() });
  let made = 'database kept on the server';
  if (!seeded) {
    made = `database made in ${(await seedFleet(o, cacheDir, server.ctx, scope)).toFixed(0)} s`;
    await server.ctx.db.execute(sql.raw(`create table ${marker} (at timestamptz default now())`));
  }
  return { name: 'PostgreSQL', baseUrl: server.baseUrl, ctx: server.ctx, made, stop: () => server.stop() };
}

/**
 * Opens each database in turn (PGlite, then PostgreSQL when TEST_DATABASE_URL is set), runs `measure`
 * on it and stops it. `prefix` names the PostgreSQL database and its marker (one per bench and scope).
 */
export async function onEachDatabase<T>(
  o: FleetDataOptions,
  cacheDir: string,
  options: { scope?: DataScope; prefix: string },
  measure: (target: Target) => Promise<T[]>,
): Promise<T[]> {
  const scope = options.scope ?? WHOLE_DATA_SET;
  const adminUrl = process.env.TEST_DATABASE_URL;
  const opens = [() => onPglite(cacheDir, o, scope), ...(adminUrl ? [() => onPostgres(adminUrl, cacheDir, o, scope, options.prefix)] : [])];
  const figures: T[] = [];
  for (const open of opens) {
    const target = await open();
    try {
      console.log(`${target.name}: ${o.vehicles} vehicles x ${o.days} days to ${o.today.toISOString().slice(0, 10)}; ${target.made}`);
      figures.push(...(await measure(target)));
    } finally {
      await target.stop();
    }
  }
  if (!adminUrl) console.log('PostgreSQL left out: TEST_DATABASE_URL is not set (eval "$(scripts/start-test-postgres.sh)")');
  return figures;
}
