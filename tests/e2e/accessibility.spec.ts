import { expect, test } from '@playwright/test';
import { AppShell } from './pages/app-shell.ts';
import { FleetPage } from './pages/fleet-page.ts';
import { firstDataRow } from './pages/grid-rows.ts';
import { InspectionPage } from './pages/inspection-page.ts';
import { UsersPage } from './pages/users-page.ts';
import { VehiclePage } from './pages/vehicle-page.ts';
import { VehicleTabs } from './pages/vehicle-tabs.ts';
import { demoAccount, useOwnOrganization } from './support/accounts.ts';
import { expectAccessible } from './support/axe.ts';
import { addVehicleFiles } from './support/files.ts';
import { pickInspections, seededInspections } from './support/inspections.ts';
import { createVehicle } from './support/vehicles.ts';

useOwnOrganization();

test.beforeEach(async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
});

test('every screen and dialog built so far passes axe with no serious or critical violation', async ({ page, baseURL }) => {
  test.setTimeout(180_000);
  const { vehicle, api } = await createVehicle(baseURL!, demoAccount('admin'));
  await api.post(`/data/v1/vehicles/${vehicle.vehicleId}/notes`, { note: 'Check the winch' });
  await api.post(`/data/v1/vehicles/${vehicle.vehicleId}/wash`, { washDate: new Date(Date.now() + 86_400_000).toISOString() });
  await api.post(`/data/v1/vehicles/${vehicle.vehicleId}/mx/scheduled`, { mxDate: new Date(Date.now() - 86_400_000).toISOString(), mxType: 'Brakes' });
  await api.post(`/data/v1/vehicles/${vehicle.vehicleId}/mx/lti`, { mxDate: new Date(Date.now() + 86_400_000).toISOString() });
  await api.post('/data/v2/tdy', { regNumber: vehicle.regNumber, startDate: '2026-11-01', description: 'Range support' });
  await addVehicleFiles(api, vehicle);
  const app = new AppShell(page);
  await app.signInAndSync(demoAccount('admin'));
  await expectAccessible(page, 'the shell and the Overview');

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

  const tabs = new VehicleTabs(page);
  await new VehiclePage(page).open(vehicle.regNumber);
  await expectAccessible(page, 'the vehicle page');
  await tabs.open('Washes');
  await expect(tabs.washRows()).toHaveCount(1);
  await expectAccessible(page, 'the Washes tab');
  await page.getByRole('button', { name: /^Edit wash of / }).click();
  await expect(tabs.dialog('Edit Wash')).toBeVisible();
  await expectAccessible(page, 'the Edit Wash dialog');
  await page.keyboard.press('Escape');
  await tabs.openMaintenance('Required');
  await page.getByText('Show Details').click();
  await expectAccessible(page, 'the Required tab with its details');
  await page.getByRole('button', { name: 'Report New Discrepancy' }).click();
  await expect(tabs.dialog('Report New Discrepancy')).toBeVisible();
  await expectAccessible(page, 'the Report New Discrepancy dialog');
  await page.keyboard.press('Escape');
  await tabs.openMaintenance('Scheduled');
  await expect(tabs.rows('Scheduled maintenance')).toHaveCount(1);
  await expectAccessible(page, 'the Scheduled maintenance tab (an overdue row)');
  await tabs.openMaintenance('LTI');
  await page.getByRole('button', { name: /^Edit LTI of / }).click();
  await expect(tabs.dialog('Edit LTI')).toBeVisible();
  await expectAccessible(page, 'the Edit LTI dialog');
  await page.keyboard.press('Escape');
  await tabs.open('TDY');
  await expect(tabs.rows('TDYs')).toHaveCount(1);
  await expectAccessible(page, 'the TDY tab');
  await page.getByRole('button', { name: 'Create TDY' }).click();
  await expectAccessible(page, 'the Create TDY dialog');
  await page.keyboard.press('Escape');
  await tabs.open('Notes');
  await expect(page.getByLabel('Latest note')).toBeVisible();
  await page.getByRole('button', { name: 'Show History' }).click();
  await expectAccessible(page, 'the Notes tab');
  await page.getByRole('button', { name: 'Update', exact: true }).click();
  await expectAccessible(page, 'the Update Note dialog');
  await page.keyboard.press('Escape');
  await tabs.open('Waivers');
  await expect(page.getByText('Horn weak, replacement on order')).toBeVisible();
  await expectAccessible(page, 'the Waivers tab');
  await page.getByRole('button', { name: /^2 pictures of waiver / }).click();
  await expect(page.getByRole('dialog', { name: /^Pictures of waiver / }).getByRole('img', { name: /^horn/ })).toBeVisible();
  await expectAccessible(page, 'the image viewer');
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Add Waiver' }).click();
  await expectAccessible(page, 'the Add Waiver dialog');
  await page.keyboard.press('Escape');
  await tabs.open('Documents');
  await expect(tabs.rows('Documents')).toHaveCount(2);
  await expectAccessible(page, 'the Documents tab');
  await page.getByRole('button', { name: 'Upload Documents' }).click();
  await expectAccessible(page, 'the Upload Documents dialog');
  await page.keyboard.press('Escape');

  await tabs.open('Inspections');
  await expect(page.getByText('No inspections have been recorded for this vehicle')).toBeVisible();
  await expectAccessible(page, 'the Inspections tab with no inspections');
  const { vehicle: inspected, pictured } = pickInspections(await seededInspections(api));
  await new VehiclePage(page).open(inspected.regNumber);
  await expect(firstDataRow(page.getByRole('table', { name: 'Inspections' }))).toBeVisible();
  await expectAccessible(page, 'the Inspections tab');
  const detail = new InspectionPage(page);
  await detail.open(pictured.vehicle.regNumber, pictured.inspection.inspectionId);
  await expect(firstDataRow(detail.results)).toBeVisible();
  await expectAccessible(page, 'the inspection detail (a failed row highlighted)');
  await (await detail.row(pictured.result.ruleId)).getByRole('button', { name: / pictures of / }).click();
  await expect(
    page
      .getByRole('dialog', { name: /^Pictures of / })
      .locator('img')
      .first(),
  ).toBeVisible({ timeout: 20_000 });
  await expectAccessible(page, "the image viewer of an inspection's pictures");
});
