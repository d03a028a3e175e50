// Fleet Details in real Chromium (issue #5): 5,000 vehicles with a year of history (bench/fleet-data.ts).
// The device: the real FleetDetailsScreen reads its IndexedDB mirror with its own hook, derives the rows
// with deriveFleetRows and renders the grid; then a Status filter and a sort by Reg Number through the
// grid's own controls. Beside it, in the same run, the same screen fed by one plain fetch of
// GET /data/v2/fleet/bulk from the real server over the same data (PGlite; the server derives the rows
// with the same rule). Every time is taken in the page, from the action until the DOM shows its result.
// Targets: all rows derived in under 500 ms, a filter applied in under 100 ms. The database, the mirror
// and the built page are cached (node_modules/.cache/fleet-bench); the first run of a data set makes
// them and takes several minutes more. BENCH_FLEET_VEHICLES, BENCH_FLEET_DAYS, BENCH_FLEET_TODAY;
// BENCH_FLEET_PROFILE=1 writes a CPU profile of every step (an unminified build: slower, not comparable);
// BENCH_FLEET_PROFILE=trace a DevTools timeline trace of every step (style, layout and paint too).
import path from 'node:path';
import type { FleetRow } from '../core/schema/fleet.ts';
import { DEMO_PASSWORD, demoEmail } from '../server/seed/demo-users.ts';
import { signIn } from '../tests/support/sign-in.ts';
import { fleetCacheDir, fleetDataOptions } from './fleet-data.ts';
import { loadAverage } from './measure.ts';
import { openBenchBrowser, type BenchBrowser } from './fleet-grid/browser.ts';
import { buildBenchPage } from './fleet-grid/build.ts';
import { databaseDir, databaseReady, prepareData } from './fleet-grid/prepare.ts';
import { compareRows, printFigures, type DeviceFigures, type FetchFigures } from './fleet-grid/report.ts';
import { startBenchServer, type BenchServer } from './fleet-grid/server.ts';
import { gridSteps, measured, open, profileSteps } from './fleet-grid/steps.ts';

const FILTER_RUNS = 5;
const SORT_ROUNDS = 2;
const REDERIVE_RUNS = 5;
const DEXIE_CACHE_MS = 3_000;

async function onDevice(browser: BenchBrowser): Promise<{ figures: DeviceFigures; rows: FleetRow[] }> {
  await browser.reload();
  const mount = await open(browser, 'mirror');
  const rederive: DeviceFigures['rederive'] = [];
  for (let i = 1; i <= REDERIVE_RUNS; i++) rederive.push(await measured(browser, `mirror-derive-${i}`, async () => ({ ms: await browser.call('rederive') })));
  await browser.call('forgetSources');
  const grid = await gridSteps(browser, 'mirror', FILTER_RUNS, SORT_ROUNDS);
  const rows = (await browser.call('rows')) as FleetRow[];
  await browser.call('unmount');
  // Dexie keeps a live query's answers for 3 s after its last subscriber: opening again later, not at once.
  await new Promise((resolve) => setTimeout(resolve, DEXIE_CACHE_MS + 1_000));
  const secondOpen = await open(browser, 'mirror', 'mirror-open-again');
  await browser.call('unmount');
  return { figures: { mount, ...grid, rederive, secondOpen }, rows };
}

async function fromBulk(browser: BenchBrowser, server: BenchServer): Promise<{ figures: FetchFigures; rows: FleetRow[] }> {
  await browser.reload();
  // The first organization's administrator; every merged organization's vehicles are in it.
  const tokens = await signIn(server.baseUrl, demoEmail('admin', 'wing-1'), DEMO_PASSWORD);
  const fetch = await measured(browser, 'fetch-bulk', () => browser.call('fetchBulk', tokens.accessToken));
  const mount = await open(browser, 'fetch');
  const grid = await gridSteps(browser, 'fetch', FILTER_RUNS, SORT_ROUNDS);
  const rows = (await browser.call('rows')) as FleetRow[];
  await browser.call('unmount');
  return { figures: { mount, ...grid, fetch }, rows };
}

export async function run(): Promise<void> {
  const started = performance.now();
  const options = fleetDataOptions();
  const cacheDir = fleetCacheDir(options);
  const profileKind = ({ '1': 'cpu', trace: 'trace' } as const)[process.env.BENCH_FLEET_PROFILE ?? ''];
  if (profileKind) profileSteps(path.join(cacheDir, 'profiles'), profileKind);
  // A CPU profile names functions only in a readable build; a trace is taken of the real one.
  const page = await buildBenchPage(cacheDir, profileKind === 'cpu');
  databaseReady(cacheDir);
  const server = await startBenchServer({ dataDir: databaseDir(cacheDir), pageDir: page.dir });
  const browser = await openBenchBrowser(path.join(cacheDir, 'chromium'), server.port);
  try {
    const prepared = await prepareData(options, cacheDir, server, browser);
    const made = prepared.made.length
      ? `${prepared.made.join(' and ')} made in ${prepared.seconds.toFixed(0)} s (the database whole after ${prepared.seedSeconds.toFixed(0)} s; ` +
        `filling the mirror ${prepared.fillSeconds.toFixed(0)} s, overlapping it)`
      : 'database and mirror from the cache';
    const mirrorMiB = (await browser.indexedDbBytes()) / 1024 / 1024;
    console.log(
      `${options.vehicles} vehicles x ${options.days} days to ${options.today.toISOString().slice(0, 10)}; ${made}; ` +
        `the mirror ${mirrorMiB.toFixed(0)} MiB in IndexedDB; ` +
        `page ${page.seconds === null ? 'from the cache' : `built in ${page.seconds.toFixed(0)} s`} (${cacheDir})`,
    );
    const device = await onDevice(browser);
    const bulk = await fromBulk(browser, server);
    console.log(loadAverage());
    printFigures(device.figures, bulk.figures);
    console.log(compareRows(device.rows, bulk.rows));
    if (profileKind) console.log(`${profileKind === 'cpu' ? 'CPU profiles' : 'Traces'} of every step in ${path.join(cacheDir, 'profiles')}`);
  } finally {
    await browser.close();
    await server.stop();
  }
  console.log(`fleet-grid bench: ${((performance.now() - started) / 1000).toFixed(0)} s in all`);
}
