import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, expect, test } from '@playwright/test';
import { AppShell } from './pages/app-shell.ts';
import { InspectApp } from './pages/inspect-app.ts';
import { demoAccount, useOwnOrganization } from './support/accounts.ts';
import { waitForWorkerControl } from './support/service-worker.ts';

useOwnOrganization();

test('the app is installable: a valid manifest and a controlling service worker', async ({ baseURL, launchOptions }) => {
  // A fresh profile on disk: a full sign-in and first sync, then the worker precaches the app with the
  // PDF engine and pdf.js (about 4 MB) before it takes control. On a loaded machine that passes 60 s.
  test.setTimeout(120_000);
  // Chromium never offers installation in an incognito context, which is what a test context is:
  // this test uses a browser profile on disk, as an installed app would.
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'fleet-install-'));
  const context = await chromium.launchPersistentContext(profile, { ...launchOptions, baseURL, viewport: { width: 1440, height: 900 } });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await new AppShell(page).signInAndSync(demoAccount('jrsuper'));
    await waitForWorkerControl(page);

    const cdp = await context.newCDPSession(page);
    const manifest = (await cdp.send('Page.getAppManifest')) as { url: string; errors: unknown[] };
    expect(manifest.url).toMatch(/\/manifest\.webmanifest$/);
    expect(manifest.errors).toEqual([]);
    const installability = (await cdp.send('Page.getInstallabilityErrors')) as { installabilityErrors: { errorId: string }[] };
    expect(installability.installabilityErrors).toEqual([]);

    const declared = await page.evaluate(async () => {
      const m = (await (await fetch('/manifest.webmanifest')).json()) as { display: string; icons: { sizes: string; purpose: string }[] };
      return { display: m.display, icons: m.icons.map((i) => `${i.sizes} ${i.purpose}`) };
    });
    expect(declared).toEqual({ display: 'standalone', icons: ['192x192 any', '512x512 any', '512x512 maskable'] });
  } finally {
    await context.close();
    fs.rmSync(profile, { recursive: true, force: true });
  }
});

test('the inspection app installs on its own: its manifest, scope /inspect, and the worker controlling it', async ({ baseURL, launchOptions }) => {
  test.setTimeout(120_000);
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'fleet-install-inspect-'));
  const context = await chromium.launchPersistentContext(profile, { ...launchOptions, baseURL, viewport: { width: 768, height: 1024 }, hasTouch: true });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await new InspectApp(page).signIn(demoAccount('inspector'));
    await waitForWorkerControl(page);

    const cdp = await context.newCDPSession(page);
    const manifest = (await cdp.send('Page.getAppManifest')) as { url: string; errors: unknown[] };
    expect(manifest.url).toMatch(/\/inspect\.webmanifest$/);
    expect(manifest.errors).toEqual([]);
    const installability = (await cdp.send('Page.getInstallabilityErrors')) as { installabilityErrors: { errorId: string }[] };
    expect(installability.installabilityErrors).toEqual([]);
    const declared = await page.evaluate(async () => {
      const m = (await (await fetch('/inspect.webmanifest')).json()) as Record<string, unknown>;
      return { id: m.id, start_url: m.start_url, scope: m.scope, display: m.display, orientation: m.orientation };
    });
    // Its own id: a tablet installs it beside the website, or instead of it; portrait and landscape.
    expect(declared).toEqual({ id: '/inspect', start_url: '/inspect', scope: '/inspect', display: 'standalone', orientation: 'any' });

    // Installed, it opens with no network at all.
    await context.setOffline(true);
    await page.goto('/inspect');
    await expect(page.getByRole('heading', { name: 'Choose a vehicle' })).toBeVisible();
  } finally {
    await context.close();
    fs.rmSync(profile, { recursive: true, force: true });
  }
});
