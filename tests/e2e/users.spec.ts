import { randomBytes } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { AppShell } from './pages/app-shell.ts';
import { SignInPage } from './pages/sign-in-page.ts';
import { UsersPage } from './pages/users-page.ts';
import { apiAs, createAccount, demoAccount, orgSlug, useOwnOrganization } from './support/accounts.ts';
import { judgePassword } from '../../server/modules/users/password-strength.ts';

useOwnOrganization();

test.beforeEach(async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
});

test('an admin adds a user: a weak password is refused with its suggestions, a strong one works and the user can sign in', async ({ page, browser }) => {
  const app = new AppShell(page);
  const users = new UsersPage(page);
  await app.signInAndSync(demoAccount('admin'));
  await users.open();

  const email = `new-${randomBytes(3).toString('hex')}@${orgSlug()}.example.com`;
  await users.addUser.click();
  await expect(users.dialog.getByRole('heading', { name: 'Add User' })).toBeVisible();
  await users.dialog.getByLabel(/^First Name/).fill('Kendall');
  await users.dialog.getByLabel(/^Last Name/).fill('Reyes');
  await users.dialog.getByLabel(/^Email/).fill(`  ${email}  `);
  await users.dialog.getByLabel(/^Password/).fill('password123');
  await users.dialog.getByLabel(/^Confirm Password/).fill('password124');
  await users.dialog.getByLabel(/^Confirm Password/).blur();
  await expect(users.dialog.getByText('Passwords do not match')).toBeVisible();
  await expect(users.dialog.getByRole('button', { name: 'Submit' })).toBeDisabled();
  await users.dialog.getByLabel(/^Confirm Password/).fill('password123');
  await users.choose('Role', 'Dispatcher');
  await users.choose('Section', 'Alpha');
  await users.dialog.getByRole('button', { name: 'Submit' }).click();

  // The server's verdict: the warning, then its suggestions; the dialog stays open.
  const verdict = judgePassword('password123', [email, 'Kendall', 'Reyes']);
  expect(verdict.strong).toBe(false);
  await expect(users.dialog.getByText(verdict.warning)).toBeVisible({ timeout: 15_000 });
  for (const suggestion of verdict.suggestions) await expect(users.dialog.getByText(suggestion)).toBeVisible();
  await expect(users.dialog.getByRole('heading', { name: 'Add User' })).toBeVisible();

  const strong = `granite-Harbor-lantern-${randomBytes(2).toString('hex')}`;
  await users.dialog.getByLabel(/^Password/).fill(strong);
  await users.dialog.getByLabel(/^Confirm Password/).fill(strong);
  await users.dialog.getByRole('button', { name: 'Submit' }).click();
  await expect(users.dialog).toBeHidden({ timeout: 15_000 });
  await expect(users.row(email)).toContainText('Kendall');
  await expect(users.row(email)).toContainText('Dispatcher');

  const other = await browser.newContext();
  const newcomer = new AppShell(await other.newPage());
  await newcomer.signIn({ email, password: strong });
  await expect(newcomer.nav).toBeVisible();
  await expect(newcomer.nav.getByText('Kendall Reyes')).toBeVisible();
  await other.close();
});

test('an admin changes a user’s role, section, active and admin flags', async ({ page, baseURL }) => {
  const target = await createAccount(baseURL!, { role: 'dispatcher', firstName: 'Morgan', lastName: `Change${randomBytes(2).toString('hex')}` });
  const sections = (await target.admin.get('/data/v1/sync/pull?limit=5000')).body.changes
    .filter((c: { t: string }) => c.t === 'sections')
    .map((c: { data: { sectionName: string; sectionId: string } }) => c.data);
  const otherSection = sections.find((s: { sectionName: string }) => s.sectionName !== 'Alpha');
  const app = new AppShell(page);
  const users = new UsersPage(page);
  await app.signInAndSync(demoAccount('admin'));
  await users.open();

  await users
    .row(target.email)
    .getByRole('button', { name: /^Modify/ })
    .click();
  await expect(users.dialog.getByRole('heading', { name: 'Modify User' })).toBeVisible();
  await expect(users.dialog.getByRole('button', { name: 'Submit' })).toBeDisabled();
  await users.choose('Role', 'Junior Supervisor');
  await users.choose('Section', otherSection.sectionName);
  await users.dialog.getByText('Admin', { exact: true }).click();
  await users.dialog.getByText('Active', { exact: true }).click();
  await users.dialog.getByRole('button', { name: 'Submit' }).click();
  await expect(users.dialog).toBeHidden();

  await expect
    .poll(async () => (await target.admin.get('/auth/users')).body.find((u: { userId: string }) => u.userId === target.userId), { timeout: 15_000 })
    .toMatchObject({ role: 'jrSuper', sectionId: otherSection.sectionId, isAdmin: true, active: false });
  // Inactive users drop out of the default view (active ones only).
  await expect(users.row(target.email)).toHaveCount(0);
});

test('a user who is not an administrator sees Add User disabled and no modify action', async ({ page }) => {
  const app = new AppShell(page);
  const users = new UsersPage(page);
  await app.signInAndSync(demoAccount('vco'));
  await users.open();
  await expect(users.addUser).toHaveAttribute('aria-disabled', 'true');
  await users.addUser.click({ force: true });
  await expect(page.getByRole('dialog', { name: 'Add User' })).toHaveCount(0);
  await expect(users.grid.getByRole('button', { name: /^Modify/ })).toHaveCount(0);
  await expect(users.grid.getByRole('columnheader', { name: 'Actions' })).toHaveCount(0);
});

test('an administrator who changes their own role is logged out', async ({ page, baseURL }) => {
  const account = await createAccount(baseURL!, { role: 'vco', isAdmin: true, firstName: 'Self', lastName: `Change${randomBytes(2).toString('hex')}` });
  const app = new AppShell(page);
  const users = new UsersPage(page);
  await app.signInAndSync(account);
  await users.open();
  await users
    .row(account.email)
    .getByRole('button', { name: /^Modify/ })
    .click();
  await expect(users.dialog.getByText('You will be logged out upon changing your own role')).toBeVisible();
  await users.choose('Role', 'Section Lead');
  await users.dialog.getByRole('button', { name: 'Submit' }).click();

  await expect(new SignInPage(page).submitButton).toBeVisible({ timeout: 20_000 });
  const api = await apiAs(baseURL!, account);
  expect((await api.get('/auth/users/self')).body.role).toBe('sectionLead');
  // Local caches went with the sign-out: no mirror of this user is left in the browser.
  const databases = await page.evaluate(async () => (await indexedDB.databases()).map((d) => d.name));
  expect(databases.some((name) => name?.includes(account.userId))).toBe(false);
});
