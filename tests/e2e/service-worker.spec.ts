import { expect, test, type Page } from '@playwright/test';
import { AppShell } from './pages/app-shell.ts';
import { UsersPage } from './pages/users-page.ts';
import { createAccount, useOwnOrganization } from './support/accounts.ts';
import { waitForWorkerControl } from './support/service-worker.ts';

useOwnOrganization();

const controlled = (page: Page) => page.evaluate(() => navigator.serviceWorker.controller !== null);

test('after a hard reload, which loads the page past the service worker, the worker takes it back and a screen not opened yet opens offline', async ({
  page,
  context,
  baseURL,
}) => {
  const account = await createAccount(baseURL!, { role: 'vco', isAdmin: true, firstName: 'Hard', lastName: 'Reload' });
  const app = new AppShell(page);
  await page.setViewportSize({ width: 1440, height: 900 });
  await app.signInAndSync(account);
  await waitForWorkerControl(page);

  // Ctrl+Shift+R: the browser fetches the page and its code from the network, not through the worker.
  const cdp = await context.newCDPSession(page);
  const loaded = page.waitForEvent('load');
  await cdp.send('Page.reload', { ignoreCache: true });
  await loaded;
  await expect(app.nav).toBeVisible();
  await expect.poll(() => controlled(page), { timeout: 15_000 }).toBe(true);

  // All Users' code was never loaded by this page: offline it comes from the worker's precache.
  await context.setOffline(true);
  await app.openUserMenu();
  await page.getByRole('menuitem', { name: 'Users' }).click();
  await expect(page.getByRole('heading', { name: 'All Users' })).toBeVisible();
  await expect(new UsersPage(page).row('Reload')).toBeVisible();
});

test('when the service worker fails to arrive on a poor link, the app tries again and the page ends up able to work offline', async ({ page, context, baseURL }) => {
  const account = await createAccount(baseURL!, { role: 'vco', isAdmin: true, firstName: 'Poor', lastName: 'Link' });
  const app = new AppShell(page);
  await page.setViewportSize({ width: 1440, height: 900 });
  let refused = 0;
  await context.route('**/sw.js', async (route) => {
    refused += 1;
    await route.abort('connectionreset');
  });
  await app.signInAndSync(account);
  await expect.poll(() => refused).toBeGreaterThan(0);
  expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistration('/')) === undefined)).toBe(true);

  // The link drops and comes back: the app tries the install again at once.
  await context.unroute('**/sw.js');
  await context.setOffline(true);
  await context.setOffline(false);
  await expect.poll(() => controlled(page), { timeout: 20_000 }).toBe(true);

  await context.setOffline(true);
  await page.reload();
  await expect(app.nav).toBeVisible();
  await expect(app.syncStatus).toContainText('Offline');
});
