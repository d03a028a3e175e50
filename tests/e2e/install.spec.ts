import { expect, test } from '@playwright/test';
import { AppShell } from './pages/app-shell.ts';
import { demoAccount } from './support/accounts.ts';

test('the app is installable: a valid manifest and a controlling service worker', async ({ page }) => {
  await new AppShell(page).signInAndSync(demoAccount('jrsuper'));
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);

  const cdp = await page.context().newCDPSession(page);
  const manifest = (await cdp.send('Page.getAppManifest')) as { url: string; errors: unknown[]; parsed?: { name?: string } };
  expect(manifest.url).toMatch(/\/manifest\.webmanifest$/);
  expect(manifest.errors).toEqual([]);
  const installability = (await cdp.send('Page.getInstallabilityErrors')) as { installabilityErrors: { errorId: string }[] };
  expect(installability.installabilityErrors).toEqual([]);

  const icons = await page.evaluate(async () => {
    const res = await fetch('/manifest.webmanifest');
    const m = (await res.json()) as { display: string; icons: { sizes: string; purpose: string }[] };
    return { display: m.display, icons: m.icons.map((i) => `${i.sizes} ${i.purpose}`) };
  });
  expect(icons).toEqual({ display: 'standalone', icons: ['192x192 any', '512x512 any', '512x512 maskable'] });
});
