import { expect, test } from '@playwright/test';
import { AppShell } from './pages/app-shell.ts';
import { FleetPage } from './pages/fleet-page.ts';
import { Af1800Modal } from './pages/af1800-modal.ts';
import { UsersPage } from './pages/users-page.ts';
import { createAccount, demoAccount, newOrganizationVco, useOwnOrganization } from './support/accounts.ts';
import { expectNoHorizontalOverflow, shot, SIZES } from './support/screenshots.ts';
import { waitForWorkerControl } from './support/service-worker.ts';

useOwnOrganization();

for (const size of SIZES) {
  test(`the shell fits ${size.width}x${size.height}: sidebar, Fleet Updates and the Profile dialog`, async ({ page }) => {
    await page.setViewportSize(size);
    const app = new AppShell(page);
    await app.signInAndSync(demoAccount('admin'));
    await expectNoHorizontalOverflow(page);
    await shot(page, 'shell', size);

    await app.showFleetUpdates();
    await expectNoHorizontalOverflow(page);
    await shot(page, 'fleet-updates', size);
    await page.getByRole('button', { name: 'Hide Fleet Updates' }).click();

    await app.openProfile();
    await expect(app.profile.getByLabel('Given Name')).toBeEditable();
    await shot(page, 'profile', size);
  });
}

test('the Overview fits 1024x768 and 1440x900, with data and in a new organization without any', async ({ page, browser }) => {
  test.setTimeout(120_000);
  await new AppShell(page).signInAndSync(demoAccount('vco'));
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await expect(page.getByRole('img', { name: /^All Vehicles: FMC \d+/ })).toBeVisible();
    await page.getByRole('tab', { name: /^Availability/ }).click();
    await expectNoHorizontalOverflow(page);
    await shot(page, 'overview', size, true);
    await page.getByRole('tab', { name: /^Readiness Forecast/ }).click();
    await expect(page.getByRole('table', { name: 'Readiness Forecast' })).toBeVisible();
    await expectNoHorizontalOverflow(page);
    await shot(page, 'overview-forecast', size, true);
    await page.getByRole('tab', { name: 'Section', exact: true }).click();
    await page.getByRole('tab', { name: /^Status Details/ }).click();
    await expectNoHorizontalOverflow(page);
    await shot(page, 'overview-section', size, true);
    await page.getByRole('tab', { name: 'Whole Fleet' }).click();
  }

  const empty = await browser.newContext();
  const emptyPage = await empty.newPage();
  await new AppShell(emptyPage).signInAndSync(await newOrganizationVco());
  for (const size of SIZES) {
    await emptyPage.setViewportSize(size);
    await expect(emptyPage.getByText('No vehicles to report', { exact: true })).toBeVisible();
    await expect(emptyPage.getByText('No sections or vehicle types to report')).toBeVisible();
    await expectNoHorizontalOverflow(emptyPage);
    await shot(emptyPage, 'overview-empty', size, true);
  }
  await emptyPage.getByRole('tab', { name: 'Section', exact: true }).click();
  await expect(emptyPage.getByText('The organization has no sections yet.')).toBeVisible();
  await empty.close();
});

for (const size of SIZES) {
  test(`All Users fits ${size.width}x${size.height}: the grid, the filter panel and both dialogs`, async ({ page }) => {
    await page.setViewportSize(size);
    const users = new UsersPage(page);
    await new AppShell(page).signInAndSync(demoAccount('admin'));
    await users.open();
    await expectNoHorizontalOverflow(page);
    await shot(page, 'users', size);

    await users.openFilters();
    await shot(page, 'users-filters', size);
    await users.closeFilters();

    await users.addUser.click();
    await expect(users.dialog.getByRole('heading', { name: 'Add User' })).toBeVisible();
    await shot(page, 'add-user', size);
    await page.keyboard.press('Escape');
    await expect(users.dialog).toBeHidden();

    await users
      .row('sectionlead@')
      .getByRole('button', { name: /^Modify/ })
      .click();
    await expect(users.dialog.getByRole('heading', { name: 'Modify User' })).toBeVisible();
    await shot(page, 'modify-user', size);
  });
}

for (const size of SIZES) {
  test(`Fleet Details and the vehicle header fit ${size.width}x${size.height}`, async ({ page }) => {
    await page.setViewportSize(size);
    await new AppShell(page).signInAndSync(demoAccount('sectionlead'));
    await page.goto('/FleetDetails');
    const fleet = new FleetPage(page);
    const grid = fleet.grid;
    await fleet.waitForRows();
    await expectNoHorizontalOverflow(page);
    await shot(page, 'fleet-details', size);
    // Its last columns, which come into view (and are rendered) as the grid scrolls sideways.
    await fleet.scrollToLastColumns();
    await expect(fleet.header('Most Recent Annotation')).toBeVisible();
    await shot(page, 'fleet-details-last-columns', size);
    await page.evaluate(() => document.querySelector('.mrt-table-container')?.scrollTo({ left: 1300 }));
    await expect(fleet.header('Fuel Level')).toBeVisible();
    await shot(page, 'fleet-details-middle-columns', size);
    await page.evaluate(() => document.querySelector('.mrt-table-container')?.scrollTo({ left: 0 }));
    await expect(fleet.header('Reg Number')).toBeVisible();

    await grid.getByRole('link').first().click();
    await expect(page.getByRole('button', { name: 'Update status' })).toBeVisible();
    await expectNoHorizontalOverflow(page);
    await shot(page, 'vehicle-header', size);

    const reg = await page.getByRole('heading', { level: 1 }).innerText();
    await page.getByRole('button', { name: 'Current AF1800', exact: true }).click();
    const form = new Af1800Modal(page, `Current AF1800 for ${reg}`);
    await form.waitForPdf();
    await shot(page, 'af1800-current', size);
    await form.close();

    await page.goto('/FleetDetails');
    await page.getByRole('button', { name: 'Monthly AF1800 Report' }).click();
    await shot(page, 'af1800-report-month', size);
  });
}

for (const size of SIZES) {
  test(`sync states fit ${size.width}x${size.height}: Add User offline, Log Out with a change waiting, a refused change`, async ({ page, context, baseURL }) => {
    await page.setViewportSize(size);
    const account = await createAccount(baseURL!, { role: 'vco', isAdmin: true, firstName: 'Shot', lastName: `Taker${size.width}` });
    const app = new AppShell(page);
    const users = new UsersPage(page);
    await app.signInAndSync(account);
    await users.open();
    await waitForWorkerControl(page);

    await context.setOffline(true);
    await users.addUser.click();
    await expect(users.dialog).toContainText('Adding a user needs a connection');
    await shot(page, 'add-user-offline', size);
    await page.keyboard.press('Escape');

    await app.saveProfile('Waiting', 'Change');
    await app.openUserMenu();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await expect(page.getByRole('dialog', { name: 'Log out with changes waiting?' })).toBeVisible();
    await shot(page, 'log-out-waiting', size);
    await page.getByRole('button', { name: 'Cancel' }).click();

    // Another administrator takes this one's admin flag away: the rename is refused when it arrives.
    expect((await account.admin.patch(`/auth/users/${account.userId}`, { isAdmin: false })).status).toBe(200);
    await context.setOffline(false);
    await expect(app.syncStatus).toContainText('Some changes were not saved', { timeout: 30_000 });
    await page.getByRole('button', { name: /rejected changes/ }).click();
    await expect(page.getByRole('button', { name: 'Send again' })).toBeVisible();
    await shot(page, 'rejected-changes', size);
  });
}
