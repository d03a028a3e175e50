import { expect, test } from '@playwright/test';
import { AppShell } from './pages/app-shell.ts';
import { createAccount, useOwnOrganization } from './support/accounts.ts';

useOwnOrganization();

test('a change the server refuses is rolled back and listed with the server’s message', async ({ page, context, baseURL }) => {
  const account = await createAccount(baseURL!, { role: 'vco', isAdmin: true, firstName: 'Soon', lastName: 'Demoted' });
  const app = new AppShell(page);
  await page.setViewportSize({ width: 1440, height: 900 });
  await app.signInAndSync(account);

  // Offline, the administrator renames themself; meanwhile another administrator takes their admin
  // flag away, so the server refuses the rename when it arrives.
  await context.setOffline(true);
  await app.saveProfile('Renamed', 'Offline');
  await expect(app.nav.getByText('Renamed Offline')).toBeVisible();
  expect((await account.admin.patch(`/auth/users/${account.userId}`, { isAdmin: false })).status).toBe(200);
  await context.setOffline(false);

  await expect(app.nav.getByText('Soon Demoted')).toBeVisible({ timeout: 20_000 });
  await expect(app.syncStatus).toContainText('Some changes were not saved');
  await page.getByRole('button', { name: '1 rejected changes' }).click();
  await expect(page.getByText('Update profile')).toBeVisible();
  await expect(page.getByText('Only administrators can do this')).toBeVisible();
});
