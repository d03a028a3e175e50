// The upload queue on a slow link, in Chromium with the built app and the real server (PGlite): 20
// camera-sized photos (about 4 MB each, 4000x3000 JPEG) are chosen offline in Upload Documents, wait in
// the mirror, and are sent when the device comes back on an emulated slow link; beside it the baseline,
// the same 20 original files PUT as they are over the same link, two at a time (what an upload without
// scaling on the device would send). Reports time and bytes of both, and the time to ready the 20 photos
// on the device (decode, scale, re-encode, hash, store) while offline.
// Usage: npm run bench -- upload-queue   (BENCH_UPLOAD_PHOTOS, BENCH_UPLOAD_KBITS)
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type CDPSession, type Page } from '@playwright/test';
import { build } from 'vite';
import { DEMO_PASSWORD, demoEmail } from '../server/seed/demo-users.ts';
import { generateSeed } from '../server/seed/generate.ts';
import { writeSeed } from '../server/seed/write-seed.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../tests/e2e/support/chromium.ts';
import { startTestServer } from '../tests/support/server.ts';
import { loadAverage, table } from './measure.ts';
import { accessToken, makePhotos, uploadOriginals } from './camera-photos.ts';

const PHOTOS = Number(process.env.BENCH_UPLOAD_PHOTOS ?? 20);
/** The slow link: 4 Mbit/s each way, 150 ms round trip (a weak LTE cell; 400 kbit/s would take the baseline 30 minutes). */
const KBITS = Number(process.env.BENCH_UPLOAD_KBITS ?? 4_000);
const SLOW_LINK = { offline: false, latency: 150, downloadThroughput: (KBITS * 1000) / 8, uploadThroughput: (KBITS * 1000) / 8 };
const OFFLINE = { offline: true, latency: 0, downloadThroughput: -1, uploadThroughput: -1 };
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

async function buildApp(): Promise<string> {
  const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'upload-bench-app-'));
  await build({ root, logLevel: 'warn', build: { outDir, emptyOutDir: true, reportCompressedSize: false } });
  return outDir;
}

/** Drops the photos on the Upload Documents dialog's drop zone and submits it. */
async function queuePhotos(page: Page): Promise<number> {
  await page.getByRole('tab', { name: 'Documents', exact: true }).click();
  await page.getByRole('button', { name: 'Upload Documents' }).click();
  const dialog = page.getByRole('dialog', { name: 'Upload Documents' });
  await dialog.getByTestId('file-drop-zone').dispatchEvent('drop', {
    dataTransfer: await page.evaluateHandle(() => {
      const transfer = new DataTransfer();
      for (const file of (window as unknown as { photos: File[] }).photos) transfer.items.add(file);
      return transfer;
    }),
  });
  const started = Date.now();
  await dialog.getByRole('button', { name: 'Upload' }).click();
  await dialog.waitFor({ state: 'hidden', timeout: 600_000 });
  return Date.now() - started;
}

const emulate = (devtools: CDPSession, conditions: typeof SLOW_LINK | typeof OFFLINE) => devtools.send('Network.emulateNetworkConditions', conditions);

export async function run(): Promise<void> {
  const webDir = await buildApp();
  const server = await startTestServer({ webDir });
  // A small organization: the benchmark is about files, not the fleet.
  await writeSeed(server.ctx, generateSeed({ orgs: 1, vehicles: 20, days: 7, today: new Date(new Date().toISOString().slice(0, 10)) }));
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    // tsx keeps function names with a helper (__name) that the page does not have: give it one.
    await context.addInitScript('globalThis.__name = (f) => f;');
    const page = await context.newPage();
    let puts = 0;
    page.on('requestfinished', (request) => {
      if (request.method() === 'PUT' && request.url().includes('/data/v1/files/')) puts++;
    });
    await page.goto(`${server.baseUrl}/FleetDetails`);
    await page.getByLabel('Email').fill(demoEmail('sectionlead', 'wing-1'));
    await page.getByLabel('Password').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    const firstRow = page.locator('table[aria-label="Fleet Details"] tbody tr[aria-rowindex] a').first();
    await firstRow.waitFor({ timeout: 120_000 });
    await page.getByRole('status', { name: 'Sync status' }).filter({ hasText: 'All changes saved' }).waitFor({ timeout: 120_000 });
    await firstRow.click();
    await page.getByRole('tab', { name: 'Documents', exact: true }).waitFor();
    const originals = await makePhotos(page, PHOTOS);

    const devtools = await context.newCDPSession(page);
    await devtools.send('Network.enable');
    await emulate(devtools, OFFLINE);
    const readyMs = await queuePhotos(page);
    /** The upload queue as the mirror holds it: the bytes queued, and the failed attempts. */
    const queueState = () =>
      page.evaluate(async () => {
        const dbs = await indexedDB.databases();
        const name = dbs.find((d) => d.name?.startsWith('fleet-mirror-'))!.name!;
        return new Promise<{ bytes: number; attempts: number; finished: number }>((resolve) => {
          const open = indexedDB.open(name);
          open.onsuccess = () => {
            const all = open.result.transaction('blobs').objectStore('blobs').getAll();
            all.onsuccess = () => {
              const rows = all.result as { blob: Blob; attempts: number; state: string }[];
              resolve({
                bytes: rows.reduce((sum, b) => sum + b.blob.size, 0),
                attempts: rows.reduce((sum, b) => sum + b.attempts, 0),
                finished: rows.filter((b) => b.state === 'finished').length,
              });
            };
          };
        });
      });
    const queued = (await queueState()).bytes;

    const started = Date.now();
    await emulate(devtools, SLOW_LINK);
    await page.getByRole('status', { name: 'Sync status' }).filter({ hasText: 'All changes saved' }).waitFor({ timeout: 1_800_000 });
    const queueMs = Date.now() - started;
    const sent = await queueState();
    const putsByQueue = puts;

    const baseline = await uploadOriginals(page, () => accessToken(page));

    const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
    const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
    console.log(`${PHOTOS} photos of ${mb(originals.reduce((a, b) => a + b, 0) / PHOTOS)} on average; link ${KBITS} kbit/s up and down, 150 ms round trip`);
    table([
      { step: 'ready offline on the device (scale, hash, store)', time: s(readyMs), bytes: `${mb(queued)} queued` },
      {
        step: 'queue sent on reconnect (scaled photos, 2 at a time)',
        time: s(queueMs),
        bytes: `${mb(sent.bytes)} sent (${sent.finished} files in ${putsByQueue} PUTs, ${sent.attempts} retries)`,
      },
      { step: 'baseline: the originals PUT as they are, 2 at a time', time: s(baseline.ms), bytes: `${mb(baseline.bytes)} sent` },
    ]);
    console.log(loadAverage());
  } finally {
    await browser.close();
    await server.stop({ drop: true });
  }
}
