import { createHash, randomBytes } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD } from '../../server/seed/demo-users.ts';
import { SignInPage } from './pages/sign-in-page.ts';
import { demoAccount, useOwnOrganization } from './support/accounts.ts';

useOwnOrganization();

/** Starts the authorization-code flow the way the browser app does: PKCE S256, our redirect URI. */
function authorizeUrl(baseUrl: string) {
  const verifier = randomBytes(32).toString('base64url');
  const challenge = createHash('sha256').update(verifier).digest('base64url');
  const params = new URLSearchParams({
    client_id: 'fleet-web',
    response_type: 'code',
    scope: 'openid profile email offline_access',
    redirect_uri: `${baseUrl}/signin-callback`,
    code_challenge: challenge,
    code_challenge_method: 'S256',
    state: 'e2e-state',
  });
  return `${baseUrl}/oidc/auth?${params}`;
}

test('the sign-in page is usable with the keyboard, refuses a wrong password and signs in', async ({ page, baseURL }) => {
  const { email } = demoAccount('dispatcher');
  const signIn = new SignInPage(page);
  await page.goto(authorizeUrl(baseURL!));
  await expect(signIn.heading).toBeVisible();
  await expect(page).toHaveTitle(/Sign in/);

  await signIn.email.focus();
  await page.keyboard.type(email);
  await page.keyboard.press('Tab');
  await page.keyboard.type('not-the-password');
  await page.keyboard.press('Enter');
  await expect(signIn.alert).toHaveText('Incorrect email or password.');
  await expect(signIn.password).toHaveAttribute('aria-describedby', /.+/);

  await signIn.submit(email, DEMO_PASSWORD);
  await page.waitForURL(/\/signin-callback\?/);
  const url = new URL(page.url());
  expect(url.searchParams.get('code')).toBeTruthy();
  expect(url.searchParams.get('state')).toBe('e2e-state');
});

test('the sign-in page fits a narrow screen', async ({ page, baseURL }) => {
  await page.setViewportSize({ width: 320, height: 640 });
  await page.goto(authorizeUrl(baseURL!));
  const signIn = new SignInPage(page);
  await expect(signIn.submitButton).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
  expect(overflow).toBe(false);
});
