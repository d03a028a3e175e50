// Puts the same data in both places the bench reads it from: the server's database (PGlite in the bench
// cache) and the page's IndexedDB mirror (in the cached browser profile). Each is kept once complete, so a
// later run prepares nothing; an incomplete one is started again. When both are missing the database is
// written organization by organization while the workers generate the next ones, and the mirror fills
// beside it, each on a chain of its own (about 110 s for the whole data set, docs/performance.md).
import fs from 'node:fs';
import path from 'node:path';
import type { AppContext } from '../../server/context.ts';
import { DEMO_PASSWORD } from '../../server/seed/demo-users.ts';
import { emptyTables, type SeedData } from '../../server/seed/types.ts';
import { writeSeed } from '../../server/seed/write-seed.ts';
import { analyze } from '../../server/db/analyze.ts';
import { FLEET_FEEDS, feedsCached, generateFleet, orgCount, type FleetDataOptions, type FleetPart } from '../fleet-data.ts';
import { KEPT_TABLES, type KeptTable } from '../fleet-data-types.ts';
import type { BenchBrowser } from './browser.ts';
import type { BenchServer } from './server.ts';
import { startFeedServer } from './feed-server.ts';

/** Organizations generated ahead of the database's writes, at most (each about 85,000 rows in memory). */
const SEEDS_AHEAD = 3;

export const databaseDir = (cacheDir: string) => path.join(cacheDir, 'pglite');

/**
 * What a bench needs of the data set: every table (Fleet Details' bench), or a part of it, for a bench
 * that reads no history (the Overview's), whose database and mirror are then made in minutes instead of
 * half an hour. A cache made for everything serves every part.
 */
export interface DataScope {
  name: string;
  tables: readonly KeptTable[];
}

export const WHOLE_DATA_SET: DataScope = { name: 'all', tables: KEPT_TABLES };

const seededMarker = (cacheDir: string, scope: DataScope) => path.join(cacheDir, scope === WHOLE_DATA_SET ? 'pglite.complete' : `pglite.${scope.name}.complete`);
const mirrorKeyOf = (cacheDir: string, scope: DataScope) => (scope === WHOLE_DATA_SET ? path.basename(cacheDir) : `${path.basename(cacheDir)}:${scope.name}`);
const seededFor = (cacheDir: string, scope: DataScope) => fs.existsSync(seededMarker(cacheDir, WHOLE_DATA_SET)) || fs.existsSync(seededMarker(cacheDir, scope));

/** Whether the cached database holds the scope; one that does not is removed, to be seeded from empty. */
export function databaseReady(cacheDir: string, scope: DataScope = WHOLE_DATA_SET): boolean {
  if (seededFor(cacheDir, scope)) return true;
  fs.rmSync(databaseDir(cacheDir), { recursive: true, force: true });
  for (const marker of (fs.existsSync(cacheDir) ? fs.readdirSync(cacheDir) : []).filter((f) => /^pglite\..*complete$/.test(f)))
    fs.rmSync(path.join(cacheDir, marker));
  return false;
}

export function markDatabaseSeeded(cacheDir: string, scope: DataScope = WHOLE_DATA_SET): void {
  fs.writeFileSync(seededMarker(cacheDir, scope), new Date().toISOString());
}

export interface Prepared {
  /** What had to be made this run, e.g. ['database', 'mirror']; empty when everything was cached. */
  made: string[];
  seconds: number;
  /** Seconds until the database was whole (its rows and its statistics), when it was made. */
  seedSeconds: number;
  /** Seconds spent filling the mirror, an organization at a time (overlapping the database, behind it). */
  fillSeconds: number;
}

async function timed(add: (seconds: number) => void, work: () => Promise<unknown>): Promise<void> {
  const started = performance.now();
  await work();
  add((performance.now() - started) / 1000);
}

async function seed(ctx: AppContext, part: FleetPart, scope: DataScope = WHOLE_DATA_SET): Promise<void> {
  const tables = Object.fromEntries(scope.tables.map((name) => [name, part.tables[name]]));
  const data: SeedData = { password: DEMO_PASSWORD, organizations: [part.merger.organization], tables: { ...emptyTables(), ...tables }, blobs: [] };
  // Transactions of 5,000 rows, not the seed's 500: a tenth of the revisions and COPY statements (one
  // organization in 2.2 to 2.8 s instead of 2.9 to 3.0 s).
  await writeSeed(ctx, data, { analyze: false, chunkRows: 5_000 });
}

/** Generates the data set again and writes it (or the scope's part of it) into a server's database; answers the seconds it took. */
export async function seedFleet(o: FleetDataOptions, cacheDir: string, ctx: AppContext, scope: DataScope = WHOLE_DATA_SET): Promise<number> {
  const started = performance.now();
  await generateFleet(o, cacheDir, (part) => seed(ctx, part, scope));
  await analyze(ctx.db);
  return (performance.now() - started) / 1000;
}

export async function prepareData(
  o: FleetDataOptions,
  cacheDir: string,
  server: BenchServer,
  browser: BenchBrowser,
  scope: DataScope = WHOLE_DATA_SET,
): Promise<Prepared> {
  const started = performance.now();
  const key = mirrorKeyOf(cacheDir, scope);
  const seeded = seededFor(cacheDir, scope);
  const filledKey = await browser.call('mirrorKey');
  const filled = filledKey === key || filledKey === mirrorKeyOf(cacheDir, WHOLE_DATA_SET);
  const made = [...(seeded ? [] : ['database']), ...(filled ? [] : ['mirror'])];
  if (!filled) await browser.call('clearMirror');
  const feeds = filled ? null : await startFeedServer(cacheDir);
  let seedSeconds = 0;
  let fillSeconds = 0;
  const fill = async (org: number) => {
    if (feeds)
      await timed(
        (s) => (fillSeconds += s),
        () =>
          browser.call(
            'fillOrg',
            feeds.origin,
            org,
            FLEET_FEEDS.filter((feed) => scope.tables.includes(feed)),
          ),
      );
  };
  try {
    if (!seeded) {
      // The database needs the generated rows themselves, not the feed files: generate again. The
      // database and the mirror each take the organizations in order on a chain of their own, and the
      // generation runs ahead of both: the mirror (from the feed files, on a thread of their own,
      // feed-server.ts) fills while the database writes, and neither waits for the other. Making an
      // organization waits only for the database to be within SEEDS_AHEAD of it, which bounds the
      // generated rows held in memory.
      let filling: Promise<void> = Promise.resolve();
      let seeding: Promise<void> = Promise.resolve();
      const seeds: Promise<void>[] = [];
      // A failed fill or write ends the making at once, not after the other chain.
      const failure = () => Promise.race([filling, seeding].map((chain) => chain.then(() => new Promise<never>(() => {}))));
      await generateFleet(o, cacheDir, async (part) => {
        filling = filling.then(() => fill(part.org));
        seeding = seeding.then(() => seed(server.ctx, part, scope));
        seeds.push(seeding);
        await Promise.race([seeds[seeds.length - 1 - SEEDS_AHEAD] ?? Promise.resolve(), failure()]);
      });
      await Promise.race([seeding, failure()]);
      await analyze(server.ctx.db);
      seedSeconds = (performance.now() - started) / 1000;
      await filling;
      markDatabaseSeeded(cacheDir, scope);
    } else if (feeds && feedsCached(cacheDir)) {
      for (let org = 1; org <= orgCount(o); org++) await fill(org);
    } else if (feeds) {
      await generateFleet(o, cacheDir, (part) => fill(part.org));
    }
    if (!filled)
      await timed(
        (s) => (fillSeconds += s),
        () => browser.call('completeMirror', key),
      );
  } finally {
    await feeds?.close();
  }
  return { made, seconds: (performance.now() - started) / 1000, seedSeconds, fillSeconds };
}
