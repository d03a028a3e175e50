import { expect, test } from '@playwright/test';
import type { Discrepancy } from '../../core/schema/discrepancy.ts';
import { AppShell } from './pages/app-shell.ts';
import { FleetPage } from './pages/fleet-page.ts';
import { VehiclePage } from './pages/vehicle-page.ts';
import { daysFromNow, typedDay, VehicleTabs } from './pages/vehicle-tabs.ts';
import { demoAccount, useOwnOrganization } from './support/accounts.ts';
import { shot } from './support/screenshots.ts';
import { expectAccessible } from './support/axe.ts';
import { createVehicle } from './support/vehicles.ts';

useOwnOrganization();

test.beforeEach(async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
});

const GRID = 'Required maintenance';

test('a supervisor reports, works, disregards and deletes discrepancies; historic ones and details on demand; Fleet Details follows', async ({
  page,
  context,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const account = demoAccount('sectionlead');
  const { vehicle, api } = await createVehicle(baseURL!, account);
  const onServer = async () => (await api.get(`/data/v1/vehicles/${vehicle.vehicleId}/mx/required`)).body as Discrepancy[];
  const app = new AppShell(page);
  const tabs = new VehicleTabs(page);
  await app.signInAndSync(account);
  await new VehiclePage(page).open(vehicle.regNumber);
  await tabs.open('Maintenance');
  await expect(page.getByRole('tab', { name: 'Required', selected: true })).toBeVisible();
  await expect(page.getByText('No Data')).toBeVisible();

  const reportOne = async (text: string, daysAgo: number, miles?: string) => {
    await page.getByRole('button', { name: 'Report New Discrepancy' }).click();
    const dialog = tabs.dialog('Report New Discrepancy');
    await expect(dialog.getByRole('button', { name: 'Report' })).toBeDisabled();
    await expect(dialog.getByLabel('Report Miles', { exact: true })).toBeDisabled();
    await dialog.getByLabel('Rule').click();
    await page.getByRole('option').first().click();
    await dialog.getByLabel('Discrepancy').fill(text);
    if (miles) {
      // A stray tap outside the half-typed report asks first; Keep editing keeps what was typed.
      await page.mouse.click(5, 5);
      await expect(dialog.getByText('Discard what you typed?')).toBeVisible();
      await shot(page, 'discard-question', page.viewportSize()!);
      await expectAccessible(page, 'the discard question');
      await dialog.getByRole('button', { name: 'Keep editing' }).click();
      await expect(dialog.getByLabel('Discrepancy')).toHaveValue(text);
    }
    await tabs.typeDay(dialog.getByLabel('Date Discovered'), daysFromNow(-daysAgo));
    if (miles) {
      await dialog.getByLabel('Report Miles', { exact: true }).check();
      await dialog.getByLabel('Report Miles (Required)').fill('0');
      await dialog.getByLabel('Report Miles (Required)').blur();
      await expect(dialog.getByText('Report miles must be at least 1')).toBeVisible();
      await expect(dialog.getByRole('button', { name: 'Report' })).toBeDisabled();
      await dialog.getByLabel('Report Miles (Required)').fill(miles);
    }
    await dialog.getByRole('button', { name: 'Report' }).click();
    await expect(dialog).toBeHidden();
  };

  await reportOne('Left headlight out', 3, '1204');
  await reportOne('Wiper blade torn', 45);
  await reportOne('Reported by mistake', 0);
  await expect(tabs.rows(GRID)).toHaveCount(3);
  await expect.poll(() => tabs.columnTexts(GRID, 'Discrepancy')).toEqual(['Reported by mistake', 'Left headlight out', 'Wiper blade torn']);
  await expect(page.getByRole('table', { name: GRID }).getByRole('columnheader', { name: /^Work Order/ })).toHaveCount(0);

  // Work the headlight: a work order and a closing code; the work date fills in today.
  await page.getByRole('button', { name: `Edit AF1800-`, exact: false }).nth(1).click();
  const edit = page.getByRole('dialog', { name: /^Edit AF1800-\d+ Discrepancy$/ });
  await expect(edit.getByRole('button', { name: 'Update' })).toBeDisabled();
  await edit.getByLabel('Work Order').fill('WO-1138');
  await edit.getByLabel('Status Code').click();
  await page.getByRole('option', { name: 'C-P – Corrected By Permanent Fix' }).click();
  await expect(edit.getByLabel('Work Date')).toHaveValue(typedDay(daysFromNow(0)));
  await edit.getByRole('button', { name: 'Update' }).click();
  await expect(edit).toBeHidden();
  await page.getByText('Show Details').click();
  await expect.poll(() => tabs.columnTexts(GRID, 'Work Order')).toEqual(['', 'WO-1138', '']);
  await expect.poll(() => tabs.columnTexts(GRID, 'Status Code')).toEqual(['', 'C-P', '']);
  await expect.poll(() => tabs.columnTexts(GRID, 'Reporter')).toEqual(['Casey Nguyen', 'Casey Nguyen', 'Casey Nguyen']);

  // Disregard the old wiper report: it leaves the list until 'Show Historic Discrepancies'.
  await page.getByRole('button', { name: `Edit AF1800-`, exact: false }).nth(2).click();
  await edit.getByLabel('Disregard').check();
  await edit.getByRole('button', { name: 'Update' }).click();
  await expect(tabs.rows(GRID)).toHaveCount(2);
  await page.getByText('Show Historic Discrepancies').click();
  await expect(tabs.rows(GRID)).toHaveCount(3);
  await expect.poll(() => tabs.columnTexts(GRID, 'Disregard')).toEqual(['No', 'No', 'Yes']);

  // Delete with confirmation: Cancel keeps it, Delete removes it.
  await page
    .getByRole('button', { name: /^Delete AF1800-/ })
    .first()
    .click();
  const confirm = tabs.dialog('Delete Discrepancy');
  await expect(confirm).toContainText('Reported by mistake');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(tabs.rows(GRID)).toHaveCount(3);
  await page
    .getByRole('button', { name: /^Delete AF1800-/ })
    .first()
    .click();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(tabs.rows(GRID)).toHaveCount(2);
  await app.waitSynced();
  const stored = await onServer();
  expect(stored.map((d) => d.discrepancy).sort()).toEqual(['Left headlight out', 'Wiper blade torn']);
  expect(stored.find((d) => d.discrepancy === 'Left headlight out')).toMatchObject({ workOrder: 'WO-1138', af1800StatusCode: 'C-P', reportMiles: 1204 });
  expect(stored.find((d) => d.discrepancy === 'Left headlight out')!.actualCompletionDate).not.toBeNull();
  expect(stored.find((d) => d.discrepancy === 'Wiper blade torn')).toMatchObject({ disregard: true });

  // Fleet Details: the headlight, found three days ago and fixed today, is a recent repair.
  const fleet = new FleetPage(page);
  await page.getByRole('link', { name: 'Fleet Details' }).click();
  await fleet.waitForRows();
  await fleet.filterByRegNumber(vehicle.regNumber);
  await expect(fleet.row(vehicle.regNumber)).toBeVisible();
  await expect.poll(() => fleet.firstRowValue('Recently Repaired')).toBe('1');

  // Offline: a report shows at once, waits, and lands once.
  await new VehiclePage(page).open(vehicle.regNumber);
  await tabs.open('Maintenance');
  await context.setOffline(true);
  await reportOne('Horn weak', 0);
  await expect(tabs.rows(GRID).getByLabel('Waiting to sync')).toBeVisible();
  expect(await onServer()).toHaveLength(2);
  await context.setOffline(false);
  await app.waitSynced();
  await expect.poll(async () => (await onServer()).filter((d) => d.discrepancy === 'Horn weak')).toHaveLength(1);
});

test('a dispatcher sees Required without any control to report, edit or delete', async ({ page, baseURL }) => {
  test.setTimeout(120_000);
  const { vehicle } = await createVehicle(baseURL!, demoAccount('sectionlead'));
  const tabs = new VehicleTabs(page);
  await new AppShell(page).signInAndSync(demoAccount('dispatcher'));
  await new VehiclePage(page).open(vehicle.regNumber);
  await tabs.open('Maintenance');
  await expect(page.getByText('Show Historic Discrepancies')).toBeVisible();
  await expect(page.getByText('No Data')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Report New Discrepancy' })).toHaveCount(0);
});
