// Debian's Chromium (headless, through Playwright) on a profile kept in the bench cache, so that the
// IndexedDB mirror, minutes to fill, is filled once per data set. IndexedDB belongs to an origin, and the
// server's port changes from run to run: the page is opened under a fixed host name that Chromium maps
// to the server's port.
import { chromium, type BrowserContext, type CDPSession, type Page } from '@playwright/test';
import type { FleetBenchApi } from './api.ts';

const HOST = 'fleet-bench.test';
const PAGE_URL = `http://${HOST}/__bench/page/index.html`;

export interface BenchBrowser {
  /** Calls window.fleetBench[method] in the page. */
  call<K extends keyof FleetBenchApi>(method: K, ...args: Parameters<FleetBenchApi[K]>): Promise<Awaited<ReturnType<FleetBenchApi[K]>>>;
  /** The DevTools protocol of the current page, e.g. to take a CPU profile of a step. */
  devtools(): Promise<CDPSession>;
  /** CPU time the page's main thread has used so far: unlike wall time, other work on the machine barely moves it. */
  mainThreadMs(): Promise<number>;
  /** A fresh page (new JavaScript heap), as when the app is opened again. */
  reload(): Promise<void>;
  /** What the origin's IndexedDB takes on disk, as Chromium estimates it (the mirror). */
  indexedDbBytes(): Promise<number>;
  close(): Promise<void>;
}

async function open(page: Page): Promise<CDPSession> {
  page.on('pageerror', (error) => console.error(`bench page: ${error.message}`));
  await page.goto(PAGE_URL);
  await page.waitForFunction(() => 'fleetBench' in window);
  const devtools = await page.context().newCDPSession(page);
  // threadTicks: the metrics' durations become CPU time of the thread.
  await devtools.send('Performance.enable', { timeDomain: 'threadTicks' });
  return devtools;
}

export async function openBenchBrowser(profileDir: string, port: number): Promise<BenchBrowser> {
  const context: BrowserContext = await chromium.launchPersistentContext(profileDir, {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    viewport: { width: 1440, height: 900 },
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      `--host-resolver-rules=MAP ${HOST}:80 127.0.0.1:${port}`,
      // The page collects garbage between measured steps, so that no step pays for an earlier one's.
      '--js-flags=--expose-gc',
    ],
  });
  let page = context.pages()[0] ?? (await context.newPage());
  let devtools = await open(page);
  return {
    call: (method, ...args) =>
      page.evaluate(([name, list]) => (window as unknown as { fleetBench: Record<string, (...a: unknown[]) => unknown> }).fleetBench[name]!(...list), [
        method,
        args,
      ] as [string, unknown[]]) as never,
    devtools: () => context.newCDPSession(page),
    async mainThreadMs() {
      const { metrics } = await devtools.send('Performance.getMetrics');
      const seconds = metrics.find((m) => m.name === 'ThreadTime')?.value;
      if (seconds === undefined) throw new Error('Chromium reports no ThreadTime metric');
      return seconds * 1000;
    },
    async reload() {
      await page.close();
      page = await context.newPage();
      devtools = await open(page);
    },
    // From DevTools: the page's origin is not a secure context, so it has no navigator.storage.
    async indexedDbBytes() {
      const { usageBreakdown } = await devtools.send('Storage.getUsageAndQuota', { origin: new URL(PAGE_URL).origin });
      return usageBreakdown.find((u) => u.storageType === 'indexeddb')?.usage ?? 0;
    },
    close: () => context.close(),
  };
}
