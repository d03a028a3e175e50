import { expect, test } from '@playwright/test';
import { AppShell } from './pages/app-shell.ts';
import { createAccount, demoAccount, orgName, useOwnOrganization } from './support/accounts.ts';
import { recordPushes } from './support/push-log.ts';
import { waitForWorkerControl } from './support/service-worker.ts';

useOwnOrganization();

test('works offline from the mirror and sends an offline edit exactly once on reconnect', async ({ page, context, baseURL }) => {
  const account = await createAccount(baseURL!, { role: 'vco', isAdmin: true, firstName: 'Offline', lastName: 'Editor' });
  const pushes = recordPushes(page);
  const app = new AppShell(page);
  await page.setViewportSize({ width: 1440, height: 900 });
  await app.signInAndSync(account);
  await waitForWorkerControl(page);

  await context.setOffline(true);
  await page.reload();
  await expect(app.nav).toBeVisible();
  await expect(app.nav.getByText(orgName())).toBeVisible();
  await expect(app.nav.getByText('Offline Editor')).toBeVisible();
  await expect(app.syncStatus).toContainText('Offline');

  await app.saveProfile('Field', 'Office');
  await expect(app.nav.getByText('Field Office')).toBeVisible();
  await expect(app.syncStatus).toContainText('1 pending');
  await app.openProfile();
  await expect(app.profile.getByText('Pending')).toBeVisible();
  await page.keyboard.press('Escape');

  await context.setOffline(false);
  await expect(app.syncStatus).toContainText('Online', { timeout: 20_000 });
  await app.waitSynced();
  await expect(app.nav.getByText('Field Office')).toBeVisible();

  const users = await account.admin.get('/auth/users');
  const saved = users.body.find((u: { userId: string }) => u.userId === account.userId);
  expect(saved).toMatchObject({ firstName: 'Field', lastName: 'Office' });
  const applied = pushes.filter((r) => r.status === 'applied');
  expect(applied).toHaveLength(1);
  expect(pushes.filter((r) => r.id === applied[0]!.id && r.status === 'rejected')).toHaveLength(0);
});

test('every built screen opens offline: the lazily loaded screen chunks come from the precache', async ({ page, context }) => {
  const app = new AppShell(page);
  await page.setViewportSize({ width: 1440, height: 900 });
  // Signed in on the Overview only: no screen chunk has been loaded by the page, just precached by the worker.
  await app.signInAndSync(demoAccount('sectionlead'));
  await waitForWorkerControl(page);

  await context.setOffline(true);
  await page.reload();
  await expect(app.nav).toBeVisible();
  // The Overview, from the mirror: its donuts, the Section tab of a sectionLead, the availability CSV.
  await expect(page.getByRole('heading', { name: 'All Vehicles' })).toBeVisible();
  await expect(page.getByRole('img', { name: /^All Vehicles: FMC \d+/ })).toBeVisible();
  await page.getByRole('tab', { name: 'Section', exact: true }).click();
  await expect(page.getByRole('table', { name: 'Availability' })).toContainText('Alpha');
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download CSV' }).click();
  expect((await download).suggestedFilename()).toMatch(/^availability_Alpha_\d{4}-\d{2}-\d{2}\.csv$/);
  await app.link('Fleet Details').click();
  const grid = page.getByRole('table', { name: 'Fleet Details' });
  const link = grid.getByRole('link').first();
  await expect(link).toBeVisible({ timeout: 30_000 });
  const reg = (await link.innerText()).trim();
  await link.click();
  await expect(page.getByRole('heading', { name: reg })).toBeVisible({ timeout: 15_000 });
  await page.goto('/Admin');
  await expect(page.getByRole('heading', { name: 'All Users' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'All Users' })).toBeVisible();
  await app.link('Administration').click();
  await expect(page.getByRole('heading', { name: 'Organization Options' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Lead times' })).toBeVisible();
  await expect(app.nav).toBeVisible();
});
