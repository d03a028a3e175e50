import { expect, test } from '@playwright/test';
import { AppShell } from './pages/app-shell.ts';
import { SignInPage } from './pages/sign-in-page.ts';
import { createAccount, useOwnOrganization } from './support/accounts.ts';

useOwnOrganization();

test('signing out at the provider in another tab signs the app out within seconds', async ({ page, context, baseURL }) => {
  const account = await createAccount(baseURL!, { role: 'vco', firstName: 'Session', lastName: 'Ends' });
  const app = new AppShell(page);
  await page.setViewportSize({ width: 1440, height: 900 });
  await app.signInAndSync(account);

  // The provider's own end-session page, in another tab of the same browser (it confirms by itself).
  const other = await context.newPage();
  await other.goto(`${baseURL}/oidc/session/end`);
  await expect(other.getByRole('heading', { name: 'You are signed out' })).toBeVisible();
  const signedOutAt = Date.now();

  // The app checks its session every 5 s: it goes to the sign-in page on its own.
  await expect(new SignInPage(page).submitButton).toBeVisible({ timeout: 15_000 });
  test.info().annotations.push({ type: 'signed out', description: `${Date.now() - signedOutAt} ms after the sign-out at the provider` });
  // The sign-in it held (with an access token minutes from expiry) is gone from the device.
  const stored = await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('oidc.user:')));
  expect(stored).toEqual([]);

  // Signing in again brings the same user back to the app.
  await new SignInPage(page).submit(account.email, account.password);
  await expect(app.nav.getByText('Session Ends')).toBeVisible({ timeout: 30_000 });
});
