// Puts the same data in both places the bench reads it from: the server's database (PGlite in the bench
// cache) and the page's IndexedDB mirror (in the cached browser profile). Each is kept once complete, so a
// later run prepares nothing; an incomplete one is started again. When both are missing they are filled
// together, organization by organization, while the workers generate the next ones.
import fs from 'node:fs';
import path from 'node:path';
import type { AppContext } from '../../server/context.ts';
import { DEMO_PASSWORD } from '../../server/seed/demo-users.ts';
import { emptyTables, type SeedData } from '../../server/seed/types.ts';
import { writeSeed } from '../../server/seed/write-seed.ts';
import { FLEET_FEEDS, feedsCached, generateFleet, orgCount, type FleetDataOptions, type FleetPart } from '../fleet-data.ts';
import type { BenchBrowser } from './browser.ts';
import type { BenchServer } from './server.ts';

export const databaseDir = (cacheDir: string) => path.join(cacheDir, 'pglite');
const seededMarker = (cacheDir: string) => path.join(cacheDir, 'pglite.complete');

/** Whether the cached database is complete; an incomplete one is removed, to be seeded from empty. */
export function databaseReady(cacheDir: string): boolean {
  if (fs.existsSync(seededMarker(cacheDir))) return true;
  fs.rmSync(databaseDir(cacheDir), { recursive: true, force: true });
  return false;
}

export function markDatabaseSeeded(cacheDir: string): void {
  fs.writeFileSync(seededMarker(cacheDir), new Date().toISOString());
}

export interface Prepared {
  /** What had to be made this run, e.g. ['database', 'mirror']; empty when everything was cached. */
  made: string[];
  seconds: number;
  /** Seconds spent writing the database and filling the mirror (they overlap, organization by organization). */
  seedSeconds: number;
  fillSeconds: number;
}

async function timed(add: (seconds: number) => void, work: () => Promise<unknown>): Promise<void> {
  const started = performance.now();
  await work();
  add((performance.now() - started) / 1000);
}

async function seed(ctx: AppContext, part: FleetPart): Promise<void> {
  const data: SeedData = { password: DEMO_PASSWORD, organizations: [part.merger.organization], tables: { ...emptyTables(), ...part.tables }, blobs: [] };
  await writeSeed(ctx, data);
}

/** Generates the data set again and writes it into another server's database (PostgreSQL); answers the seconds it took. */
export async function seedFleet(o: FleetDataOptions, cacheDir: string, ctx: AppContext): Promise<number> {
  const started = performance.now();
  await generateFleet(o, cacheDir, (part) => seed(ctx, part));
  return (performance.now() - started) / 1000;
}

export async function prepareData(o: FleetDataOptions, cacheDir: string, server: BenchServer, browser: BenchBrowser): Promise<Prepared> {
  const started = performance.now();
  const key = path.basename(cacheDir);
  const seeded = fs.existsSync(seededMarker(cacheDir));
  const filled = (await browser.call('mirrorKey')) === key;
  const made = [...(seeded ? [] : ['database']), ...(filled ? [] : ['mirror'])];
  if (!filled) await browser.call('clearMirror');
  let seedSeconds = 0;
  let fillSeconds = 0;
  const fill = async (org: number) => {
    if (!filled)
      await timed(
        (s) => (fillSeconds += s),
        () => browser.call('fillOrg', org, FLEET_FEEDS),
      );
  };
  if (!seeded) {
    // The database needs the generated rows themselves, not the feed files: generate again.
    await generateFleet(o, cacheDir, (part) =>
      Promise.all([
        timed(
          (s) => (seedSeconds += s),
          () => seed(server.ctx, part),
        ),
        fill(part.org),
      ]).then(() => undefined),
    );
    markDatabaseSeeded(cacheDir);
  } else if (!filled && feedsCached(cacheDir)) {
    for (let org = 1; org <= orgCount(o); org++) await fill(org);
  } else if (!filled) {
    await generateFleet(o, cacheDir, (part) => fill(part.org));
  }
  if (!filled) await browser.call('setMirrorKey', key);
  return { made, seconds: (performance.now() - started) / 1000, seedSeconds, fillSeconds };
}
