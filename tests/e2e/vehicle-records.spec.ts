import { expect, test } from '@playwright/test';
import { NOTE_TOO_LONG_MESSAGE } from '../../core/schema/note.ts';
import type { Note } from '../../core/schema/note.ts';
import type { Wash } from '../../core/schema/wash.ts';
import { AppShell } from './pages/app-shell.ts';
import { VehiclePage } from './pages/vehicle-page.ts';
import { VehicleTabs } from './pages/vehicle-tabs.ts';
import { demoAccount, useOwnOrganization } from './support/accounts.ts';
import { createVehicle } from './support/vehicles.ts';

useOwnOrganization();

test.beforeEach(async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
});

test('a supervisor adds and updates notes and reads their history, and schedules, edits and completes a wash, online and offline', async ({
  page,
  context,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const account = demoAccount('sectionlead');
  const { vehicle, api } = await createVehicle(baseURL!, account);
  const notesOnServer = async () => ((await api.get(`/data/v1/vehicles/${vehicle.vehicleId}/notes`)).body as Note[]).map((n) => n.note);
  const washesOnServer = async () => (await api.get(`/data/v1/vehicles/${vehicle.vehicleId}/wash`)).body as Wash[];
  const app = new AppShell(page);
  const tabs = new VehicleTabs(page);
  await app.signInAndSync(account);
  await new VehiclePage(page).open(vehicle.regNumber);

  // Notes: none yet; a note of 256 characters is refused with the spec's message.
  await tabs.open('Notes');
  await expect(page.getByText('No Notes')).toBeVisible();
  await page.getByRole('button', { name: 'Add Note' }).click();
  const add = tabs.dialog('Add Note');
  await add.getByLabel('Note').fill('x'.repeat(256));
  await expect(add.getByText(NOTE_TOO_LONG_MESSAGE)).toBeVisible();
  await expect(add.getByRole('button', { name: 'Save' })).toBeDisabled();
  await add.getByLabel('Note').fill('Left mirror cracked');
  await add.getByRole('button', { name: 'Save' }).click();
  await expect(add).toBeHidden();
  const latest = page.getByLabel('Latest note');
  await expect(latest).toContainText('Left mirror cracked');
  await expect(latest).toContainText('Casey Nguyen');

  // Update: Save only once the text changed; the old note becomes history.
  await page.getByRole('button', { name: 'Update', exact: true }).click();
  const update = tabs.dialog('Update Note');
  await expect(update.getByLabel('Note')).toHaveValue('Left mirror cracked');
  await expect(update.getByRole('button', { name: 'Save' })).toBeDisabled();
  await update.getByLabel('Note').fill('Mirror replaced');
  await update.getByRole('button', { name: 'Save' }).click();
  await expect(latest).toContainText('Mirror replaced');
  await page.getByRole('button', { name: 'Show History' }).click();
  await expect(page.getByLabel('Note history')).toContainText('Left mirror cracked');
  await page.getByRole('button', { name: 'Hide History' }).click();
  await expect(page.getByLabel('Note history')).toBeHidden();
  await expect.poll(notesOnServer).toEqual(['Mirror replaced', 'Left mirror cracked']);

  // Washes: schedule one three days ahead; the date is required.
  await tabs.open('Washes');
  await expect(page.getByText('No Data')).toBeVisible();
  await page.getByRole('button', { name: 'Schedule Wash' }).click();
  const schedule = tabs.dialog('Schedule Wash');
  await expect(schedule.getByRole('button', { name: 'Schedule' })).toBeDisabled();
  const ahead = new Date(Date.now() + 3 * 86_400_000);
  await tabs.pickDay(schedule.getByLabel('Wash Date'), ahead);
  await schedule.getByRole('button', { name: 'Schedule' }).click();
  await expect(schedule).toBeHidden();
  await expect(tabs.washRows()).toHaveCount(1);
  await expect.poll(async () => (await washesOnServer()).length).toBe(1);

  // Completed: ticking fills in today; the completed wash leaves the list until 'Show Completed Washes'.
  await page.getByRole('button', { name: /^Edit wash of / }).click();
  const edit = tabs.dialog('Edit Wash');
  await expect(edit.getByRole('button', { name: 'Update', exact: true })).toBeDisabled();
  await edit.getByLabel('Completed', { exact: true }).check();
  await expect(edit.getByLabel('Completed On')).not.toHaveText('');
  await edit.getByRole('button', { name: 'Update', exact: true }).click();
  await expect(edit).toBeHidden();
  await expect(tabs.washRows()).toHaveCount(0);
  await page.getByText('Show Completed Washes').click();
  await expect(tabs.washRows()).toHaveCount(1);
  // The completed wash shows when it was completed.
  expect(await tabs.columnTexts('Washes', 'Completed On')).toEqual([expect.stringMatching(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/)]);
  await expect.poll(async () => (await washesOnServer())[0]?.completed).toBe(true);
  expect(new Date((await washesOnServer())[0]!.completionDate!).toDateString()).toBe(new Date().toDateString());

  // Offline: a note and a wash show at once and reach the server after reconnecting.
  await context.setOffline(true);
  await tabs.open('Notes');
  await page.getByRole('button', { name: 'Update', exact: true }).click();
  await tabs.dialog('Update Note').getByLabel('Note').fill('Offline: tyre pressure low');
  await tabs.dialog('Update Note').getByRole('button', { name: 'Save' }).click();
  await expect(latest).toContainText('Offline: tyre pressure low');
  await expect(latest).toContainText('Waiting to sync');
  await tabs.open('Washes');
  await page.getByRole('button', { name: 'Schedule Wash' }).click();
  await tabs.pickDay(tabs.dialog('Schedule Wash').getByLabel('Wash Date'), new Date(Date.now() + 5 * 86_400_000));
  await tabs.dialog('Schedule Wash').getByRole('button', { name: 'Schedule' }).click();
  // The tab opened anew with 'Show Completed Washes' off: only the new wash is listed.
  await expect(tabs.washRows()).toHaveCount(1);
  expect(await notesOnServer()).toHaveLength(2);
  await context.setOffline(false);
  await app.waitSynced();
  await expect.poll(notesOnServer).toEqual(['Offline: tyre pressure low', 'Mirror replaced', 'Left mirror cracked']);
  await expect.poll(async () => (await washesOnServer()).length).toBe(2);
});

test('a dispatcher reads notes and washes without any control to change them', async ({ page, baseURL }) => {
  test.setTimeout(120_000);
  const { vehicle, api } = await createVehicle(baseURL!, demoAccount('sectionlead'));
  await api.post(`/data/v1/vehicles/${vehicle.vehicleId}/notes`, { note: 'Check the winch' });
  await api.post(`/data/v1/vehicles/${vehicle.vehicleId}/wash`, { washDate: new Date(Date.now() + 86_400_000).toISOString() });
  const app = new AppShell(page);
  const tabs = new VehicleTabs(page);
  await app.signInAndSync(demoAccount('dispatcher'));
  await new VehiclePage(page).open(vehicle.regNumber);

  await tabs.open('Notes');
  await expect(page.getByLabel('Latest note')).toContainText('Check the winch');
  await expect(page.getByRole('button', { name: 'Show History' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Update', exact: true })).toHaveCount(0);

  await tabs.open('Washes');
  await expect(tabs.washRows()).toHaveCount(1);
  await expect(page.getByRole('button', { name: 'Schedule Wash' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Edit wash of / })).toHaveCount(0);
});
