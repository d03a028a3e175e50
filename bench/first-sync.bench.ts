// A device's first sync in Chromium: the built app, the real server (PGlite) with a generated
// organization of 1,000 vehicles x 62 days, a real sign-in, and the time from pressing 'Sign in' to
// Fleet Details' first row (the server's rows, shown while the mirror fills), to the end of the first
// sync's records (the mirror's rows from then on) and to its last answer (the answers
// follow the records: src/sync/fill-answers.ts); beside it the baseline, the same rows read
// and serialized on the server (no HTTP, no pages, no device). It also reports the longest task of the
// page's main thread, the bytes the pull moved over the wire and the mirror's size. Then, on the same
// device, a reload of Fleet Details on an emulated poor link (400 kbit/s, 400 ms round trip) shows its
// rows from the mirror, beside the plain online fetch of the same rows over that link, and beside the
// start of a fresh browser over that link to the sign-in form (the app's code fetched, no service
// worker, cache or mirror), what an app without them would wait for before it could fetch the rows.
// Usage: npm run bench -- first-sync   (BENCH_SYNC_VEHICLES, BENCH_SYNC_DAYS, BENCH_SYNC_RUNS)
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { build } from 'vite';
import { FEED_NAMES } from '../core/schema/feeds.ts';
import { DEMO_PASSWORD, demoEmail } from '../server/seed/demo-users.ts';
import { generateSeed } from '../server/seed/generate.ts';
import { writeSeed } from '../server/seed/write-seed.ts';
import { analyze } from '../server/db/analyze.ts';
import { readSnapshot } from '../server/sync/snapshot.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../tests/e2e/support/chromium.ts';
import { firstSeenAt, noteFirstSeen } from '../tests/e2e/support/first-seen.ts';
import { startTestServer, type TestServer } from '../tests/support/server.ts';
import { apiClient, BROWSER_ACCEPT_ENCODING } from '../tests/support/api.ts';
import { signIn } from '../tests/support/sign-in.ts';
import { pullAll } from '../tests/support/sync.ts';
import { PULL_LIMIT_MAX } from '../core/schema/sync.ts';
import { loadAverage, measure, table } from './measure.ts';

const VEHICLES = Number(process.env.BENCH_SYNC_VEHICLES ?? 1_000);
const DAYS = Number(process.env.BENCH_SYNC_DAYS ?? 62);
const RUNS = Number(process.env.BENCH_SYNC_RUNS ?? 3);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const FLEET_ROW = 'table[aria-label="Fleet Details"] tbody tr[aria-rowindex]';

/** Chromium's emulation of the poor link of issue 15: 400 kbit/s each way, 400 ms round trip. */
const POOR_LINK = { offline: false, latency: 400, downloadThroughput: 50_000, uploadThroughput: 50_000 };

interface DeviceRun {
  /** A reload on the poor link, to Fleet Details' first row from the mirror (when the page showed it). */
  poorReloadMs: number;
  /** GET /data/v2/fleet/bulk over the same link, fetched and parsed in the page. */
  poorFetchMs: number;
  /** To Fleet Details' first row, when the page showed it. */
  toRowsMs: number;
  /** To the end of the first sync's records; this and the answers' end as Playwright's waits saw them (up to 0.5 s late). */
  toSyncedMs: number;
  /** To the last of the answers the first sync left for later. */
  toAnswersMs: number;
  longestTaskMs: number;
  tasksOver100Ms: number;
  pullBytes: number;
  pulls: number;
  answersBytes: number;
  answerPages: number;
  mirrorBytes: number;
}

/** The app as it ships, built into a directory of its own (never the app's dist). */
async function buildApp(): Promise<string> {
  const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'first-sync-app-'));
  await build({ root, logLevel: 'warn', build: { outDir, emptyOutDir: true, reportCompressedSize: false } });
  return outDir;
}

/**
 * Main-thread tasks over 50 ms, as the browser reports them, from the page's first script on; and the
 * animation frames over 100 ms with the scripts that ran in them (Chromium's long-animation-frame
 * entries), which name what a long task was.
 */
function watchLongTasks(): void {
  const tasks: number[] = [];
  const frames: string[] = [];
  Object.assign(window, { longTasks: tasks, longFrames: frames });
  new PerformanceObserver((list) => list.getEntries().forEach((e) => tasks.push(e.duration))).observe({ type: 'longtask', buffered: true });
  type Script = { duration: number; invoker: string; sourceURL: string; sourceFunctionName: string; forcedStyleAndLayoutDuration: number };
  type Frame = PerformanceEntry & { scripts: Script[]; renderStart: number; styleAndLayoutStart: number };
  new PerformanceObserver((list) => {
    for (const f of list.getEntries() as Frame[]) {
      if (f.duration <= 100) continue;
      const scripts = f.scripts
        .filter((s) => s.duration >= 10)
        .map((s) => `${Math.round(s.duration)} ms ${s.invoker} ${s.sourceFunctionName || '(anonymous)'} @ ${s.sourceURL.replace(/^.*\//, '')}`);
      const render = f.renderStart > 0 ? Math.round(f.startTime + f.duration - f.renderStart) : 0;
      frames.push(`at ${Math.round(f.startTime)} ms, ${Math.round(f.duration)} ms (render ${render} ms): ${scripts.join('; ') || 'no script over 10 ms'}`);
    }
  }).observe({ type: 'long-animation-frame', buffered: true });
}

/** Fleet Details again on the poor link: a reload from the warm mirror, then the online fetch of its rows. */
async function onPoorLink(page: Page, accessToken: string): Promise<{ poorReloadMs: number; poorFetchMs: number }> {
  const devtools = await page.context().newCDPSession(page);
  await devtools.send('Network.enable');
  await devtools.send('Network.emulateNetworkConditions', POOR_LINK);
  const started = Date.now();
  await page.reload({ waitUntil: 'commit' });
  await page.locator(FLEET_ROW).first().waitFor({ timeout: 120_000 });
  const poorReloadMs = Math.round((await firstSeenAt(page, 'rows')) - started);
  const poorFetchMs = await page.evaluate(async (token) => {
    const t0 = performance.now();
    const res = await fetch('/data/v2/fleet/bulk', { headers: { authorization: `Bearer ${token}` } });
    if (!res.ok) throw new Error(`fleet/bulk answered ${res.status}`);
    await res.json();
    return performance.now() - t0;
  }, accessToken);
  await devtools.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
  await devtools.detach();
  return { poorReloadMs, poorFetchMs: Math.round(poorFetchMs) };
}

/** A fresh browser (no service worker, cache or mirror) opening Fleet Details on the poor link: to the sign-in form. */
async function coldOnPoorLink(browser: Browser, baseUrl: string): Promise<number> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  try {
    const page = await context.newPage();
    const devtools = await context.newCDPSession(page);
    await devtools.send('Network.enable');
    await devtools.send('Network.emulateNetworkConditions', POOR_LINK);
    const started = Date.now();
    await page.goto(`${baseUrl}/FleetDetails`, { waitUntil: 'commit', timeout: 120_000 });
    await page.getByLabel('Email').waitFor({ timeout: 120_000 });
    return Date.now() - started;
  } finally {
    await context.close();
  }
}

async function firstSync(context: BrowserContext, baseUrl: string, accessToken: string): Promise<DeviceRun> {
  const page = await context.newPage();
  await page.addInitScript(watchLongTasks);
  // The rows' times are the page's own: a Playwright wait returns up to 500 ms after the fact.
  await noteFirstSeen(page, { rows: FLEET_ROW });
  const wire = { pullBytes: 0, pulls: 0, answersBytes: 0, answerPages: 0 };
  // The pull runs in a worker; the context sees its requests too. Body bytes as they came over the wire (compressed).
  context.on('requestfinished', (request) => {
    const pull = request.url().includes('/data/v1/sync/pull');
    if (!pull && !request.url().includes('/data/v1/sync/answers')) return;
    if (pull) wire.pulls++;
    else wire.answerPages++;
    void request.sizes().then((s) => {
      if (pull) wire.pullBytes += s.responseBodySize + s.responseHeadersSize;
      else wire.answersBytes += s.responseBodySize + s.responseHeadersSize;
    });
  });
  await page.goto(`${baseUrl}/FleetDetails`);
  await page.getByLabel('Email').fill(demoEmail('admin', 'wing-1'));
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  const started = Date.now();
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.locator(FLEET_ROW).first().waitFor({ timeout: 600_000 });
  const toRowsMs = Math.round((await firstSeenAt(page, 'rows')) - started);
  await page.getByRole('progressbar', { name: 'First sync' }).waitFor({ state: 'hidden', timeout: 600_000 });
  await page.getByRole('status', { name: 'Sync status' }).getByText('Last synced').waitFor({ timeout: 600_000 });
  const toSyncedMs = Date.now() - started;
  // The answers follow the records with a bar of their own.
  const answersBar = page.getByRole('progressbar', { name: 'Inspection answers' });
  await answersBar.waitFor({ timeout: 10_000 }).catch(() => undefined);
  await answersBar.waitFor({ state: 'hidden', timeout: 600_000 });
  const toAnswersMs = Date.now() - started;
  const tasks = await page.evaluate(() => (window as unknown as { longTasks: number[] }).longTasks);
  const frames = await page.evaluate(() => (window as unknown as { longFrames: string[] }).longFrames);
  for (const frame of frames) console.log(`long animation frame: ${frame}`);
  const estimate = await page.evaluate(async () => {
    const e = (await navigator.storage.estimate()) as StorageEstimate & { usageDetails?: { indexedDB?: number } };
    return e.usageDetails?.indexedDB ?? e.usage ?? 0;
  });
  const poor = await onPoorLink(page, accessToken);
  await page.close();
  return {
    ...poor,
    toRowsMs,
    toSyncedMs,
    toAnswersMs,
    longestTaskMs: Math.round(Math.max(0, ...tasks)),
    tasksOver100Ms: tasks.filter((t) => t > 100).length,
    ...wire,
    mirrorBytes: estimate,
  };
}

/** The baseline: every row the device receives, read in one snapshot and serialized, on the server. */
async function readAndSerialize(server: TestServer, orgId: string): Promise<{ rows: number; bytes: number }> {
  const principal = { orgId, userId: 'bench', role: 'vco' } as Parameters<typeof readSnapshot>[2];
  return readSnapshot(server.ctx.db, server.ctx.syncTables, principal, async (s) => {
    let rows = 0;
    let bytes = 0;
    for (const name of FEED_NAMES) {
      if (name === 'userSettings') continue;
      const found = await s.live(name);
      rows += found.length;
      bytes += JSON.stringify(found).length;
    }
    return { rows, bytes };
  });
}

const mib = (bytes: number) => +(bytes / 1024 / 1024).toFixed(1);

export async function run(): Promise<void> {
  const built = await measure(buildApp);
  const server = await startTestServer({ webDir: built.value });
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
  try {
    const today = new Date(new Date().toISOString().slice(0, 10));
    const data = generateSeed({ orgs: 1, vehicles: VEHICLES, days: DAYS, today });
    const seeded = await measure(async () => {
      await writeSeed(server.ctx, data);
      await analyze(server.ctx.db);
    });
    const orgId = data.organizations[0]!.orgId;
    // The first bulk answer makes the summaries the server keeps; the poor link's fetch measures a later one.
    const summarized = await measure(async () => {
      const tokens = await signIn(server.baseUrl, demoEmail('admin', 'wing-1'), DEMO_PASSWORD);
      const res = await apiClient(server.baseUrl, tokens.accessToken).get('/data/v2/fleet/bulk');
      if (res.status !== 200) throw new Error(`fleet/bulk answered ${res.status}`);
    });
    console.log(
      `app built in ${built.seconds.toFixed(1)} s; ${VEHICLES} vehicles x ${DAYS} days seeded in ${seeded.seconds.toFixed(1)} s; ` +
        `the server's summaries made in ${summarized.seconds.toFixed(1)} s`,
    );

    // Node's pulls ask for what a browser accepts (brotli), as the device does.
    const asBrowser = (token: string) => apiClient(server.baseUrl, token, { 'accept-encoding': BROWSER_ACCEPT_ENCODING });
    const rows: Record<string, string | number>[] = [];
    for (let i = 1; i <= RUNS; i++) {
      const baseline = await measure(() => readAndSerialize(server, orgId));
      rows.push({
        measure: `baseline ${i}: read and serialize on the server`,
        rows: baseline.value.rows,
        seconds: +baseline.seconds.toFixed(2),
        'JSON MiB': mib(baseline.value.bytes),
      });
      // Once more if the first try meets a connection the server had just closed (ECONNRESET).
      const account = () => signIn(server.baseUrl, demoEmail('admin', 'wing-1'), DEMO_PASSWORD);
      const tokens = await account().catch(account);
      const pulled = await measure(() => pullAll(asBrowser(tokens.accessToken), { limit: PULL_LIMIT_MAX }));
      rows.push({
        measure: `pull ${i}: over HTTP from Node, parsed, no device`,
        rows: pulled.value.rows.size,
        seconds: +pulled.seconds.toFixed(2),
        pulls: pulled.value.pages.length,
      });
      // What a first sync pulls before its screens show: the records, answers later.
      const records = await measure(() => pullAll(asBrowser(tokens.accessToken), { limit: PULL_LIMIT_MAX, answers: 'later' }));
      rows.push({
        measure: `pull ${i}, answers later: over HTTP from Node, parsed`,
        rows: records.value.rows.size,
        seconds: +records.seconds.toFixed(2),
        pulls: records.value.pages.length,
      });
      const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
      try {
        const d = await firstSync(context, server.baseUrl, tokens.accessToken);
        rows.push({
          measure: `device ${i}: sign-in to rows (the server's while the mirror fills) / to synced (the mirror's rows) / to the last answer`,
          rows: baseline.value.rows,
          seconds: `${(d.toRowsMs / 1000).toFixed(2)} / ${(d.toSyncedMs / 1000).toFixed(2)} / ${(d.toAnswersMs / 1000).toFixed(2)}`,
          'longest task ms': d.longestTaskMs,
          'tasks > 100 ms': d.tasksOver100Ms,
          pulls: `${d.pulls} + ${d.answerPages} answers pages`,
          'wire MiB': `${mib(d.pullBytes)} + ${mib(d.answersBytes)}`,
          'mirror MiB': mib(d.mirrorBytes),
        });
        const coldMs = await coldOnPoorLink(browser, server.baseUrl);
        rows.push({
          measure: `poor link ${i}: reload from the mirror / online fetch / a fresh browser to the sign-in form`,
          seconds: `${(d.poorReloadMs / 1000).toFixed(2)} / ${(d.poorFetchMs / 1000).toFixed(2)} / ${(coldMs / 1000).toFixed(2)}`,
        });
      } finally {
        await context.close();
      }
    }
    table(rows);
    console.log(loadAverage());
  } finally {
    await browser.close();
    await server.stop({ drop: true });
    fs.rmSync(built.value, { recursive: true, force: true });
  }
}
