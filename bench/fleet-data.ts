// The Fleet Details benchmark data: 5,000 vehicles with a year of history in one organization, generated
// with server/seed (organizations of 250 in worker threads, merged by fleet-data-merge.ts) and kept in a
// cache under node_modules/.cache/fleet-bench, as feed rows in JSON files per generated organization.
// Generating takes minutes and reading the files seconds, so every fleet bench shares one generation.
// The cache is keyed by the options and the content of the code that shapes the rows: a change to the
// generator, the schema or the feed mapping makes a new entry.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FleetSources } from '../core/rules/fleet-row.ts';
import { FleetMerger, toFeedRows } from './fleet-data-merge.ts';
import { tsWorker } from './ts-worker.ts';
import { FLEET_FEEDS, type FeedRows, type FleetDataOptions, type GenerateRequest, type GeneratedOrg, type KeptTables } from './fleet-data-types.ts';

export { FLEET_FEEDS, type FleetDataOptions, type FleetFeed } from './fleet-data-types.ts';

/** Vehicles per generated organization: the size whose whole history the generator holds at once. */
export const ORG_VEHICLES = 250;
const DAY_MS = 86_400_000;
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const CACHE_ROOT = path.join(root, 'node_modules', '.cache', 'fleet-bench');
/** Entries kept, the one in use included: each holds gigabytes (feeds, PGlite, a browser profile). */
const CACHE_ENTRIES_KEPT = 3;
/**
 * What the generated rows depend on, besides the options and ORG_VEHICLES. core/rules/fleet-row* is left
 * out so that tuning it keeps the cache, and so is this file, whose code only stores and reads the rows.
 * So are the database's schema and migrations: the generator's rows follow the schema (a change to what
 * they hold is a change to server/seed), and a cached database is migrated when it is opened, as every
 * database is; a new table must not cost a developer the half hour of making the data again.
 */
const KEY_SOURCES = [
  'server/seed',
  'server/sync',
  'core/schema',
  'core/rules/af1800-items.ts',
  'bench/fleet-data-merge.ts',
  'bench/fleet-data-types.ts',
  'bench/fleet-data-worker.ts',
];

/**
 * BENCH_FLEET_VEHICLES, BENCH_FLEET_DAYS and BENCH_FLEET_TODAY (yyyy-mm-dd) set the size and the day the
 * history ends before. By default that day is this week's Monday (UTC): the history is at most six days
 * old, and the cache serves a whole week instead of being rebuilt every day.
 */
export function fleetDataOptions(): FleetDataOptions {
  const vehicles = Number(process.env.BENCH_FLEET_VEHICLES ?? 5_000);
  const days = Number(process.env.BENCH_FLEET_DAYS ?? 365);
  const given = process.env.BENCH_FLEET_TODAY;
  const today = given ? new Date(`${given}T00:00:00Z`) : thisMonday(new Date());
  if (Number.isNaN(today.getTime())) throw new RangeError(`BENCH_FLEET_TODAY must be yyyy-mm-dd, got ${given}`);
  return { vehicles, days, today };
}

function thisMonday(now: Date): Date {
  const day = Math.floor(now.getTime() / DAY_MS);
  // 1970-01-01 was a Thursday, so (day + 3) % 7 counts the days since Monday.
  return new Date((day - ((day + 3) % 7)) * DAY_MS);
}

export const orgCount = (o: FleetDataOptions) => Math.ceil(o.vehicles / ORG_VEHICLES);
const orgVehicles = (o: FleetDataOptions, org: number) => Math.min(ORG_VEHICLES, o.vehicles - (org - 1) * ORG_VEHICLES);

function filesUnder(relative: string): string[] {
  const full = path.join(root, relative);
  if (!fs.statSync(full).isDirectory()) return [relative];
  return fs
    .readdirSync(full, { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.(ts|sql|json)$/.test(f) && !f.endsWith('.test.ts'))
    .map((f) => path.join(relative, f));
}

/** The cache directory of these options and this code. */
export function fleetCacheDir(o: FleetDataOptions): string {
  const hash = crypto.createHash('sha256').update(JSON.stringify({ ...o, orgVehicles: ORG_VEHICLES }));
  for (const file of KEY_SOURCES.flatMap(filesUnder).sort()) hash.update(file).update(fs.readFileSync(path.join(root, file)));
  const name = `${o.vehicles}v-${o.days}d-${o.today.toISOString().slice(0, 10)}${o.answers ? '-answers' : ''}-${hash.digest('hex').slice(0, 12)}`;
  const dir = path.join(CACHE_ROOT, name);
  fs.mkdirSync(dir, { recursive: true });
  fs.utimesSync(dir, new Date(), new Date());
  pruneCache(dir);
  return dir;
}

function pruneCache(current: string): void {
  const others = fs
    .readdirSync(CACHE_ROOT)
    .map((name) => path.join(CACHE_ROOT, name))
    .filter((dir) => dir !== current)
    .sort((a, b) => fs.statSync(b).mtimeMs - fs.statSync(a).mtimeMs);
  for (const dir of others.slice(CACHE_ENTRIES_KEPT - 1)) fs.rmSync(dir, { recursive: true, force: true });
}

export const feedsDir = (cacheDir: string) => path.join(cacheDir, 'feeds');
export const feedFile = (cacheDir: string, org: number, feed: string) => path.join(feedsDir(cacheDir), `org-${org}`, `${feed}.json`);
const feedsDone = (cacheDir: string) => path.join(feedsDir(cacheDir), 'complete');
export const feedsCached = (cacheDir: string) => fs.existsSync(feedsDone(cacheDir));

function writeFeeds(cacheDir: string, org: number, feeds: FeedRows): void {
  fs.mkdirSync(path.dirname(feedFile(cacheDir, org, 'x')), { recursive: true });
  for (const feed of FLEET_FEEDS) fs.writeFileSync(feedFile(cacheDir, org, feed), JSON.stringify(feeds[feed]));
}

/** One generated organization after the merge: its rows for the database and for the mirror. */
export interface FleetPart {
  org: number;
  merger: FleetMerger;
  tables: KeptTables;
}

/**
 * Generates every organization (in up to two workers, a few organizations ahead), merges them in order,
 * writes their feed rows to the cache and hands each to `each` before the next one.
 */
export async function generateFleet(o: FleetDataOptions, cacheDir: string, each: (part: FleetPart) => Promise<void> = async () => {}): Promise<void> {
  const count = orgCount(o);
  const workers = Array.from({ length: Math.max(1, Math.min(2, os.availableParallelism(), count)) }, () =>
    tsWorker(new URL('./fleet-data-worker.ts', import.meta.url)),
  );
  const waiting = new Map<number, { resolve: (g: GeneratedOrg) => void; reject: (e: unknown) => void }>();
  const results = new Map<number, Promise<GeneratedOrg>>();
  for (const worker of workers) {
    worker.on('message', (g: GeneratedOrg) => waiting.get(g.org)?.resolve(g));
    worker.on('error', (error) => waiting.forEach((w) => w.reject(error)));
  }
  const request = (org: number) => {
    if (org > count || results.has(org)) return;
    const message: GenerateRequest = { org, vehicles: orgVehicles(o, org), days: o.days, today: o.today.getTime(), answers: o.answers === true };
    results.set(org, new Promise((resolve, reject) => waiting.set(org, { resolve, reject })));
    workers[(org - 1) % workers.length]!.postMessage(message);
  };
  const merger = new FleetMerger(count);
  try {
    for (let org = 1; org <= count; org++) {
      // Each worker has the next organization queued while this one is merged and handed on.
      for (let ahead = org; ahead <= org + workers.length; ahead++) request(ahead);
      const generated = await results.get(org)!;
      results.delete(org);
      waiting.delete(org);
      const tables = merger.merge(generated);
      writeFeeds(cacheDir, org, toFeedRows(tables));
      await each({ org, merger, tables });
    }
    fs.writeFileSync(feedsDone(cacheDir), new Date().toISOString());
  } finally {
    await Promise.all(workers.map((w) => w.terminate()));
  }
}

/**
 * The rule's sources as the mirror holds them, from the cache (generated first when missing). Each row
 * is parsed from JSON, as storage hands rows back: fresh objects whose strings are their own.
 */
export async function loadFleetSources(o: FleetDataOptions): Promise<{ sources: FleetSources; generatedSeconds: number | null }> {
  const cacheDir = fleetCacheDir(o);
  let generatedSeconds: number | null = null;
  if (!feedsCached(cacheDir)) {
    const started = performance.now();
    await generateFleet(o, cacheDir);
    generatedSeconds = (performance.now() - started) / 1000;
  }
  const s: Record<string, unknown[]> = {};
  for (const feed of FLEET_FEEDS) {
    if (feed === 'sections') continue;
    const rows: unknown[] = (s[feed] = []);
    for (let org = 1; org <= orgCount(o); org++) {
      for (const row of JSON.parse(fs.readFileSync(feedFile(cacheDir, org, feed), 'utf8')) as unknown[]) rows.push(row);
    }
  }
  return { sources: s as unknown as FleetSources, generatedSeconds };
}
