// The Overview (issue 20) in real Chromium from a warm mirror of the fleet data set (5,000 vehicles with
// a year of history, bench/fleet-data.ts), beside GET /data/v1/organizations/{orgId}/fleet from the real
// server (PGlite) on the same data. The device: the real OverviewScreen reads its IndexedDB mirror with
// its own hook and computes the whole fleet's overview, the readiness forecast included; timed in the page
// from mounting until the DOM shows the donuts and the lists' badges. The bench fails if the device's
// overview differs from the server's answer. Target: under 1 s to the donuts and badges.
//
// The Overview reads no history (inspections, discrepancies, notes): unless Fleet Details' bench has made
// the whole data set already, only the tables it reads are written to the database and the mirror
// (minutes, where the whole set takes half an hour). BENCH_FLEET_VEHICLES, BENCH_FLEET_DAYS, BENCH_FLEET_TODAY
// as for the fleet-grid bench; BENCH_OVERVIEW_RUNS (default 3).
import path from 'node:path';
import { DEMO_PASSWORD, demoEmail } from '../server/seed/demo-users.ts';
import { signIn } from '../tests/support/sign-in.ts';
import { fleetCacheDir, fleetDataOptions } from './fleet-data.ts';
import { loadAverage, table, firstDifference } from './measure.ts';
import { openBenchBrowser } from './fleet-grid/browser.ts';
import { buildBenchPage } from './fleet-grid/build.ts';
import { databaseDir, databaseReady, prepareData, type DataScope } from './fleet-grid/prepare.ts';
import { startBenchServer } from './fleet-grid/server.ts';
import { measured } from './fleet-grid/steps.ts';

const OVERVIEW_DATA: DataScope = {
  name: 'overview',
  tables: ['organizations', 'users', 'sections', 'sectionMels', 'workflows', 'vehicles', 'scheduledMx', 'ltis', 'pmis', 'tdys', 'washes'],
};

const ms = (n: number) => `${Math.round(n)} ms`;

type Overview = { asOf?: string } & Record<string, unknown>;
const withoutMoment = ({ asOf: _, ...rest }: Overview) => rest;

export async function run(): Promise<void> {
  const started = performance.now();
  const runs = Number(process.env.BENCH_OVERVIEW_RUNS ?? 3);
  const options = fleetDataOptions();
  const cacheDir = fleetCacheDir(options);
  const page = await buildBenchPage(cacheDir, false);
  databaseReady(cacheDir, OVERVIEW_DATA);
  const server = await startBenchServer({ dataDir: databaseDir(cacheDir), pageDir: page.dir });
  const browser = await openBenchBrowser(path.join(cacheDir, 'chromium'), server.port);
  try {
    const prepared = await prepareData(options, cacheDir, server, browser, OVERVIEW_DATA);
    console.log(
      `${options.vehicles} vehicles x ${options.days} days to ${options.today.toISOString().slice(0, 10)}; ` +
        (prepared.made.length
          ? `${prepared.made.join(' and ')} (the Overview's tables) made in ${prepared.seconds.toFixed(0)} s`
          : 'database and mirror from the cache'),
    );
    const tokens = await signIn(server.baseUrl, demoEmail('admin', 'wing-1'), DEMO_PASSWORD);
    const rows: Record<string, string | number>[] = [];
    let device: Overview | null = null;
    let served: Overview | null = null;
    for (let i = 1; i <= runs; i++) {
      // A new page each run: the screen's code, the mirror's first read and the rule, as a user opening the app.
      await browser.reload();
      const mount = await measured(browser, `overview-open-${i}`, () => browser.call('mountOverview'));
      await browser.call('unmount');
      const computed = await measured(browser, `overview-compute-${i}`, () => browser.call('deviceOverview'));
      const fetched = await measured(browser, `overview-fetch-${i}`, () => browser.call('fetchOverview', tokens.accessToken));
      device = computed.overview as Overview;
      served = fetched.overview as Overview;
      rows.push({
        run: i,
        'device: to donuts and badges': ms(mount.domMs),
        painted: ms(mount.paintMs),
        'main thread': ms(mount.cpuMs),
        'device: read and rule alone': ms(computed.ms),
        'server: GET .../fleet (headers)': ms(fetched.headersMs),
        'server: parsed and checked': ms(fetched.totalMs),
        answer: `${Math.round(fetched.bytes / 1024)} KiB`,
      });
    }
    console.log(loadAverage());
    table(rows);
    const forecast = (device!.forecast as { sections: { vehicleTypes: { shortfall: unknown }[] }[] }).sections.flatMap((s) => s.vehicleTypes);
    console.log(
      `vehicles in commission ${(device!.fmc as unknown[]).length}; forecast: ${forecast.length} vehicle types with a MEL, ` +
        `${forecast.filter((t) => t.shortfall !== null).length} falling short within 30 days`,
    );
    const difference = firstDifference(withoutMoment(device!), withoutMoment(served!));
    if (difference) throw new Error(`the device's overview differs from the server's: ${difference}`);
    console.log("the device's overview equals the server's answer (asOf aside)");
  } finally {
    await browser.close();
    await server.stop();
  }
  console.log(`overview bench: ${((performance.now() - started) / 1000).toFixed(0)} s in all`);
}
