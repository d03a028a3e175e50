import { expect, test } from '@playwright/test';
import { AppShell } from './pages/app-shell.ts';
import { UsersPage } from './pages/users-page.ts';
import { createAccount, demoAccount, useOwnOrganization } from './support/accounts.ts';

useOwnOrganization();

test.beforeEach(async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
});

test('each filter of the users grid narrows it: text, set, yes/no, and the search box', async ({ page }) => {
  const app = new AppShell(page);
  const users = new UsersPage(page);
  await app.signInAndSync(demoAccount('admin'));
  await users.open();
  expect(await users.givenNames()).toEqual(expect.arrayContaining(['Riley', 'Morgan', 'Jordan', 'Avery']));

  await users.openFilters();
  await users.filters.getByLabel('Given Name contains').fill('RIL');
  await expect.poll(() => users.givenNames()).toEqual(['Riley']);
  await users.filters.getByLabel('Given Name contains').fill('');

  const roles = users.filters.getByRole('group', { name: 'Role values shown' });
  await roles.getByRole('button', { name: 'Deselect All' }).click();
  await roles.getByLabel('VCO').check();
  // Poll for the whole narrowed list: the names kept were shown before the filter too.
  await expect.poll(async () => onlyVcos(await users.givenNames())).toBe(true);
  await roles.getByRole('button', { name: 'Select All', exact: true }).click();

  await users.filters.getByRole('radiogroup', { name: 'Admin: yes, no or any' }).getByText('Yes', { exact: true }).click();
  await expect.poll(async () => adminsOnly(await users.givenNames())).toBe(true);
  await users.filters.getByRole('button', { name: 'Clear filters' }).click();
  await users.closeFilters();

  await page.getByRole('searchbox', { name: 'Search users' }).fill('sectionlead@');
  await expect.poll(() => users.givenNames()).toEqual(['Casey']);
});

/** The demo VCOs Avery and Jordan shown, and no longer Riley, a junior supervisor. */
function onlyVcos(names: string[]): boolean {
  return names.includes('Avery') && names.includes('Jordan') && !names.includes('Riley');
}

/** The demo administrator Avery shown, and no longer the VCO Jordan, who is not one. */
function adminsOnly(names: string[]): boolean {
  return names.includes('Avery') && !names.includes('Jordan');
}

test('a saved view survives a reload and a new sign-in in another browser context', async ({ page, browser, baseURL }) => {
  test.setTimeout(120_000); // two full sign-ins and first syncs, in two browser contexts
  const account = await createAccount(baseURL!, { role: 'vco', firstName: 'View', lastName: 'Keeper' });
  const app = new AppShell(page);
  const users = new UsersPage(page);
  await app.signInAndSync(account);
  await users.open();

  await users.openFilters();
  await users.filters.getByLabel('Email', { exact: true }).uncheck();
  await users.filters.getByLabel('Family Name contains').fill('Nguyen');
  await users.closeFilters();
  await expect.poll(() => users.givenNames()).toEqual(['Casey']);
  await expect(users.grid.getByRole('columnheader', { name: /Email/ })).toHaveCount(0);
  await page.getByRole('button', { name: 'Save View' }).click();
  // Written to the mirror and the outbox first, then sent: wait for both before reloading.
  await expect(page.getByText('View saved')).toBeVisible();
  await expect(app.syncStatus).toContainText('All changes saved', { timeout: 15_000 });

  await page.reload();
  await users.open();
  await expect.poll(() => users.givenNames()).toEqual(['Casey']);
  await expect(users.grid.getByRole('columnheader', { name: /Email/ })).toHaveCount(0);

  const other = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const elsewhere = new UsersPage(await other.newPage());
  await new AppShell(elsewhere.page).signInAndSync(account);
  await elsewhere.open();
  await expect.poll(() => elsewhere.givenNames()).toEqual(['Casey']);
  await expect(elsewhere.grid.getByRole('columnheader', { name: /Email/ })).toHaveCount(0);
  await other.close();
});
