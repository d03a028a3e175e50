// The inspection app on a tablet, in Chromium with the built app and the real server (PGlite), an
// inspector whose section holds 1,000 vehicles (issue 49):
// 1. a warm start of the installed app with no network: to the vehicle list, and to the first rule of
//    an inspection under way; beside it the same starts with the network on (the checks run behind);
// 2. an inspection with 5 camera photos (about 4 MB each, 4000x3000 JPEG) performed offline and
//    submitted on a 400 kbit/s link with 400 ms of latency: time until the server has it, and bytes
//    sent; beside it the same 5 originals PUT as they are over the same link.
// Usage: npm run bench -- inspection-app   (BENCH_INSPECT_VEHICLES, BENCH_INSPECT_PHOTOS, BENCH_INSPECT_KBITS)
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type CDPSession, type Page } from '@playwright/test';
import { and, eq } from 'drizzle-orm';
import { build } from 'vite';
import { users, vehicles } from '../server/db/schema/index.ts';
import { DEMO_PASSWORD, demoEmail } from '../server/seed/demo-users.ts';
import { generateSeed } from '../server/seed/generate.ts';
import { writeSeed } from '../server/seed/write-seed.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../tests/e2e/support/chromium.ts';
import { startTestServer } from '../tests/support/server.ts';
import { loadAverage, table } from './measure.ts';
import { signIn } from '../tests/support/sign-in.ts';
import { makePhotos, photoFiles, uploadOriginals } from './camera-photos.ts';

const VEHICLES = Number(process.env.BENCH_INSPECT_VEHICLES ?? 1000);
const PHOTOS = Number(process.env.BENCH_INSPECT_PHOTOS ?? 5);
const KBITS = Number(process.env.BENCH_INSPECT_KBITS ?? 400);
const STARTS = 5;
const SLOW_LINK = { offline: false, latency: 400, downloadThroughput: (KBITS * 1000) / 8, uploadThroughput: (KBITS * 1000) / 8 };
const OFFLINE = { offline: true, latency: 0, downloadThroughput: -1, uploadThroughput: -1 };
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

async function buildApp(): Promise<string> {
  const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'inspect-bench-app-'));
  await build({ root, logLevel: 'warn', build: { outDir, emptyOutDir: true, reportCompressedSize: false } });
  return outDir;
}

const step = (what: string) => console.log(`${new Date().toISOString().slice(11, 19)} ${what}`);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const emulate = (devtools: CDPSession, conditions: typeof SLOW_LINK | typeof OFFLINE) => devtools.send('Network.emulateNetworkConditions', conditions);

const ruleText = (page: Page) => page.getByText(/^Rule \d+ of \d+$/);

/** Answers every rule up to the review: the first `photos.length` pass/fail rules fail with a photo each. */
async function answerAll(page: Page, photos: { name: string; mimeType: string; buffer: Buffer }[]): Promise<void> {
  let left = [...photos];
  for (;;) {
    await ruleText(page)
      .or(page.getByRole('heading', { name: 'Review' }))
      .waitFor();
    if (await page.getByRole('heading', { name: 'Review' }).isVisible()) return;
    const at = await ruleText(page).innerText();
    if (await page.getByRole('group', { name: 'Fuel level' }).isVisible()) await page.getByRole('button', { name: '¾' }).click();
    else if (await page.getByLabel('Reading').isVisible()) {
      const text = await page.getByRole('main').innerText();
      const value = /Target (-?[\d.]+)/.exec(text)?.[1] ?? /Passes at (-?[\d.]+)/.exec(text)?.[1] ?? /Readings from (-?[\d.]+)/.exec(text)?.[1] ?? '5';
      await page.getByLabel('Reading').fill(value);
      if (await page.getByRole('button', { name: 'Pass', exact: true }).isVisible()) await page.getByRole('button', { name: 'Pass', exact: true }).click();
    } else if (left.length > 0) {
      await page.getByRole('button', { name: 'Fail', exact: true }).click();
      await page.getByLabel('Comment').fill('Damaged, see the photo');
      const title = (await page.getByRole('heading', { level: 1 }).innerText()).trim();
      await page.getByLabel(`Photo of ${title}`).setInputFiles(left[0]!);
      await page.getByRole('img', { name: 'Photo 1' }).waitFor({ timeout: 60_000 });
      left = left.slice(1);
    } else await page.getByRole('button', { name: 'Pass', exact: true }).click();
    await page.getByRole('button', { name: /^(Next|Review)$/ }).click();
    await page.waitForFunction((previous) => !document.body.innerText.includes(previous), at);
  }
}

/** The photo bytes the tablet's upload queue sent. */
const queuedBytes = (page: Page) =>
  page.evaluate(async () => {
    const name = (await indexedDB.databases()).find((d) => d.name?.startsWith('fleet-mirror-'))!.name!;
    return new Promise<number>((resolve) => {
      const open = indexedDB.open(name);
      open.onsuccess = () => {
        const all = open.result.transaction('blobs').objectStore('blobs').getAll();
        all.onsuccess = () => resolve((all.result as { blob: Blob }[]).reduce((sum, b) => sum + b.blob.size, 0));
      };
    });
  });

/** Times a start of the app at `url` until `ready` shows, `STARTS` times; the median. */
async function timeStarts(page: Page, url: string, ready: (page: Page) => Promise<void>): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < STARTS; i++) {
    const t0 = Date.now();
    await page.goto(url);
    await ready(page);
    times.push(Date.now() - t0);
  }
  return median(times);
}

export async function run(): Promise<void> {
  const webDir = await buildApp();
  const server = await startTestServer({ webDir });
  step(`seeding ${VEHICLES} vehicles`);
  const seed = generateSeed({ orgs: 1, vehicles: VEHICLES, days: 7, today: new Date(new Date().toISOString().slice(0, 10)) });
  await writeSeed(server.ctx, seed);
  // Every vehicle in the inspector's section: the tablet holds all of them.
  const orgId = seed.organizations[0]!.orgId;
  const email = demoEmail('inspector', seed.organizations[0]!.slug);
  const [inspector] = await server.ctx.db
    .select({ sectionId: users.sectionId })
    .from(users)
    .where(and(eq(users.orgId, orgId), eq(users.email, email)));
  await server.ctx.db.update(vehicles).set({ sectionId: inspector!.sectionId }).where(eq(vehicles.orgId, orgId));

  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'inspect-bench-profile-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
    viewport: { width: 768, height: 1024 },
    hasTouch: true,
  });
  try {
    await context.addInitScript('globalThis.__name = (f) => f;');
    const page = context.pages()[0] ?? (await context.newPage());
    step('signing in');
    await page.goto(`${server.baseUrl}/inspect`);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    const list = page.getByRole('list', { name: 'Vehicles' }).getByRole('link').first();
    await list.waitFor({ timeout: 300_000 });
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 120_000 });
    step('first sync done');
    const shown = await page.getByRole('list', { name: 'Vehicles' }).getByRole('link').count();
    const more = page.getByText(/^Showing \d+ of [\d,]+ vehicles/);
    const listed = (await more.isVisible()) ? (await more.innerText()).replace(/^Showing \d+ of ([\d,]+) vehicles.*/, '$1') : String(shown);

    // An inspection under way on the first vehicle, whose rules due the tablet has asked online.
    await list.click();
    await page.getByRole('button', { name: 'Start inspection' }).waitFor();
    // The readings asked, each 5 above the last reported one (the descriptions say it, miles first).
    const lasts = [...(await page.getByRole('main').innerText()).matchAll(/Last reported ([\d,]+)/g)].map((m) => Number(m[1]!.replace(/,/g, '')));
    for (const label of ['Miles', 'Hours']) {
      if (await page.getByLabel(label).isVisible()) await page.getByLabel(label).fill(String((lasts.shift() ?? 0) + 5));
    }
    await page.getByRole('button', { name: 'Start inspection' }).click();
    await ruleText(page).waitFor();
    const runUrl = page.url();

    const devtools = await context.newCDPSession(page);
    await devtools.send('Network.enable');
    const listReady = async (p: Page) => void (await p.getByRole('list', { name: 'Vehicles' }).getByRole('link').first().waitFor());
    const ruleReady = async (p: Page) => void (await ruleText(p).waitFor());
    step('timing warm starts');
    const onlineList = await timeStarts(page, `${server.baseUrl}/inspect`, listReady);
    const onlineRule = await timeStarts(page, runUrl, ruleReady);
    await emulate(devtools, OFFLINE);
    await context.setOffline(true);
    const offlineList = await timeStarts(page, `${server.baseUrl}/inspect`, listReady);
    const offlineRule = await timeStarts(page, runUrl, ruleReady);

    // The inspection with photos, answered offline, submitted on the slow link.
    step('answering with photos, offline');
    await makePhotos(page, PHOTOS);
    const photos = await photoFiles(page);
    await answerAll(page, photos);
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByText('Waiting to send').waitFor();
    const sentBefore = await queuedBytes(page);
    let bodyBytes = 0;
    page.on('request', (r) => {
      if (r.method() === 'POST' && r.url().includes('/data/v1/sync/push')) bodyBytes += r.postDataBuffer()?.length ?? 0;
    });
    step('submitting on the slow link');
    await context.setOffline(false);
    const t0 = Date.now();
    await emulate(devtools, SLOW_LINK);
    await page.getByText('Sent', { exact: true }).waitFor({ timeout: 1_800_000 });
    const submitMs = Date.now() - t0;
    step('baseline: the originals');
    const baseline = await uploadOriginals(page, async () => (await signIn(server.baseUrl, email, DEMO_PASSWORD)).accessToken);

    const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(2)} MB`;
    const ms = (n: number) => `${n} ms`;
    const s = (n: number) => `${(n / 1000).toFixed(1)} s`;
    const originals = photos.reduce((sum, p) => sum + p.buffer.length, 0);
    console.log(`${listed} vehicles in the inspector's section (${shown} listed); medians of ${STARTS} starts, 768x1024`);
    table([
      { step: 'warm start, online: to the vehicle list', time: ms(onlineList) },
      { step: 'warm start, offline: to the vehicle list', time: ms(offlineList) },
      { step: 'warm start, online: to the first rule (draft)', time: ms(onlineRule) },
      { step: 'warm start, offline: to the first rule (draft)', time: ms(offlineRule) },
    ]);
    console.log(`${PHOTOS} photos of ${mb(originals / PHOTOS)} on average; link ${KBITS} kbit/s each way, 400 ms latency`);
    table([
      { step: 'inspection submitted (scaled photos, then the submission)', time: s(submitMs), bytes: `${mb(sentBefore + bodyBytes)} sent` },
      { step: 'baseline: the original photos PUT as they are, 2 at a time', time: s(baseline.ms), bytes: `${mb(baseline.bytes)} sent` },
    ]);
    console.log(loadAverage());
  } finally {
    await context.close();
    fs.rmSync(profile, { recursive: true, force: true });
    await server.stop({ drop: true });
  }
}
