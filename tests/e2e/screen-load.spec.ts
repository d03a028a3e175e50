import { expect, test } from '@playwright/test';
import { SCREEN_LOAD_FAILED, SCREEN_NOT_ON_DEVICE } from '../../src/app/screen-load-failed.ts';
import { AppShell } from './pages/app-shell.ts';
import { demoAccount, useOwnOrganization } from './support/accounts.ts';

useOwnOrganization();

// No service worker: it would serve the chunk from its precache, and the failure must come from the network.
test.use({ serviceWorkers: 'block' });

test('a screen whose code cannot be loaded says so and offers a reload, and the rest of the app goes on', async ({ page }) => {
  const app = new AppShell(page);
  await app.signInAndSync(demoAccount('admin'));
  await page.route(/\/assets\/AllUsersScreen-[^/]+\.js$/, (route) => route.abort());
  await page.goto('/Admin');
  await expect(page.getByRole('alert')).toContainText(SCREEN_LOAD_FAILED);
  await expect(page.getByRole('button', { name: 'Reload' })).toBeVisible();

  // Elsewhere, screens still open; once the chunk can be fetched again, Reload opens the screen.
  await app.link('Fleet Details').click();
  await expect(page.getByRole('heading', { name: 'Fleet Details' })).toBeVisible({ timeout: 20_000 });
  await page.goBack();
  await expect(page.getByRole('alert')).toContainText(SCREEN_LOAD_FAILED);
  await page.unroute(/\/assets\/AllUsersScreen-[^/]+\.js$/);
  await page.getByRole('button', { name: 'Reload' }).click();
  await expect(page.getByRole('heading', { name: 'All Users' })).toBeVisible({ timeout: 30_000 });
});

test('offline, a screen whose code is not on the device yet says so rather than blaming an update; back online, Reload opens it', async ({ page, context }) => {
  const app = new AppShell(page);
  await app.signInAndSync(demoAccount('vco'));
  await context.setOffline(true);
  await app.link('Administration').click();
  await expect(page.getByRole('alert')).toContainText(SCREEN_NOT_ON_DEVICE);
  await context.setOffline(false);
  await page.getByRole('button', { name: 'Reload' }).click();
  await expect(page.getByRole('heading', { name: 'Organization Options' })).toBeVisible({ timeout: 30_000 });
});
