import { expect, test } from '@playwright/test';
import { AppShell } from './pages/app-shell.ts';
import { FleetPage } from './pages/fleet-page.ts';
import { UsersPage } from './pages/users-page.ts';
import { demoAccount, useOwnOrganization } from './support/accounts.ts';
import { expectAccessible } from './support/axe.ts';

useOwnOrganization();

test.beforeEach(async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
});

// The vehicle page, its tabs and the inspection detail: accessibility-vehicle.spec.ts (run beside this one).
test('the shell, the Overview, Fleet Details, All Users and their dialogs pass axe with no serious or critical violation', async ({ page }) => {
  test.setTimeout(120_000);
  const app = new AppShell(page);
  await app.signInAndSync(demoAccount('admin'));
  await expectAccessible(page, 'the shell and the Overview');
  await page.getByRole('tab', { name: /^Readiness Forecast/ }).click();
  await expect(page.getByRole('table', { name: 'Readiness Forecast' })).toBeVisible();
  await expectAccessible(page, "the Overview's readiness forecast");
  await page.getByRole('button', { name: /^All Vehicles: FMC, / }).click();
  await expect(page.getByRole('dialog', { name: 'All Vehicles: FMC' })).toBeVisible();
  await expectAccessible(page, "the Overview's list of a slice");
  await page.keyboard.press('Escape');

  await app.showFleetUpdates();
  await expectAccessible(page, 'Fleet Updates');
  await page.getByRole('button', { name: 'Hide Fleet Updates' }).click();

  await app.openProfile();
  await expectAccessible(page, 'the Profile dialog');
  await page.keyboard.press('Escape');

  const fleet = new FleetPage(page);
  await fleet.open();
  await expectAccessible(page, 'Fleet Details');
  await fleet.openFilters();
  await expectAccessible(page, 'the Fleet Details filters');
  await page.keyboard.press('Escape');

  const users = new UsersPage(page);
  await users.open();
  await expectAccessible(page, 'All Users');
  await users.addUser.click();
  await expect(users.dialog.getByRole('heading', { name: 'Add User' })).toBeVisible();
  await expectAccessible(page, 'the Add User dialog');
  await page.keyboard.press('Escape');
});
