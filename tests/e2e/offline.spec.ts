import { expect, test } from '@playwright/test';
import { AppShell } from './pages/app-shell.ts';
import { createAccount } from './support/accounts.ts';
import { recordPushes } from './support/push-log.ts';

test('works offline from the mirror and sends an offline edit exactly once on reconnect', async ({ page, context, baseURL }) => {
  const account = await createAccount(baseURL!, { role: 'vco', isAdmin: true, firstName: 'Offline', lastName: 'Editor' });
  const pushes = recordPushes(page);
  const app = new AppShell(page);
  await page.setViewportSize({ width: 1440, height: 900 });
  await app.signInAndSync(account);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);

  await context.setOffline(true);
  await page.reload();
  await expect(app.nav).toBeVisible();
  await expect(app.nav.getByText('Wing 1 Vehicle Operations')).toBeVisible();
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
