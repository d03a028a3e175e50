import { expect, test, type Page } from '@playwright/test';
import type { Lti, Pmi, ScheduledMx } from '../../core/schema/maintenance.ts';
import { MX_TYPE_MESSAGE } from '../../core/schema/maintenance.ts';
import type { Tdy } from '../../core/schema/tdy.ts';
import { AppShell } from './pages/app-shell.ts';
import { FleetPage } from './pages/fleet-page.ts';
import { VehiclePage } from './pages/vehicle-page.ts';
import { daysFromNow, typedDay, VehicleTabs } from './pages/vehicle-tabs.ts';
import { demoAccount, useOwnOrganization } from './support/accounts.ts';
import { createVehicle } from './support/vehicles.ts';

useOwnOrganization();

test.beforeEach(async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
});

type Api = Awaited<ReturnType<typeof createVehicle>>['api'];

/** What the server holds of the vehicle's maintenance and TDYs. */
function serverRecords(api: Api, vehicleId: string, regNumber: string) {
  const get = async <T>(path: string) => (await api.get(path)).body as T[];
  return {
    scheduled: () => get<ScheduledMx>(`/data/v1/vehicles/${vehicleId}/mx/scheduled`),
    ltis: () => get<Lti>(`/data/v1/vehicles/${vehicleId}/mx/lti`),
    pmis: () => get<Pmi>(`/data/v1/vehicles/${vehicleId}/mx/pmi`),
    tdys: () => get<Tdy>(`/data/v2/tdy?regNumber=${encodeURIComponent(regNumber)}`),
  };
}

/** A new vehicle of the supervisor's, its page open after signing in and syncing. */
async function openNewVehicle(page: Page, baseURL: string) {
  const account = demoAccount('sectionlead');
  const { vehicle, api } = await createVehicle(baseURL, account);
  const app = new AppShell(page);
  const header = new VehiclePage(page);
  await app.signInAndSync(account);
  await header.open(vehicle.regNumber);
  return { vehicle, server: serverRecords(api, vehicle.vehicleId, vehicle.regNumber), app, header, tabs: new VehicleTabs(page) };
}

/** Fleet Details' row of the vehicle: the values of the named columns. */
async function fleetValues(page: Page, regNumber: string, columns: string[]): Promise<Record<string, string>> {
  const fleet = new FleetPage(page);
  await page.getByRole('link', { name: 'Fleet Details' }).click();
  await fleet.waitForRows();
  await fleet.filterByRegNumber(regNumber);
  await expect(fleet.row(regNumber)).toBeVisible();
  const values: Record<string, string> = {};
  for (const column of columns) values[column] = await fleet.firstRowValue(column);
  return values;
}

test('a supervisor schedules, edits and completes maintenance, an LTI and a PMI, and sends a vehicle on TDY; Fleet Details and the header follow', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const { vehicle, server, app, header, tabs } = await openNewVehicle(page, baseURL!);

  // Scheduled: the type is checked as typed; the date and the type are required.
  const mxDay = daysFromNow(5);
  await tabs.openMaintenance('Scheduled');
  await expect(page.getByText('No Data')).toBeVisible();
  await page.getByRole('button', { name: 'Schedule Mx' }).click();
  const scheduleMx = tabs.dialog('Schedule Mx');
  await expect(scheduleMx.getByRole('button', { name: 'Schedule' })).toBeDisabled();
  await tabs.typeDay(scheduleMx.getByLabel('Scheduled For'), mxDay);
  await scheduleMx.getByLabel('Type').fill('Oil & filter');
  await expect(scheduleMx.getByText(MX_TYPE_MESSAGE)).toBeVisible();
  await expect(scheduleMx.getByRole('button', { name: 'Schedule' })).toBeDisabled();
  await scheduleMx.getByLabel('Type').fill('Oil change');
  await scheduleMx.getByRole('button', { name: 'Schedule' }).click();
  await expect(scheduleMx).toBeHidden();
  await expect(tabs.rows('Scheduled maintenance')).toHaveCount(1);
  await expect.poll(() => tabs.columnTexts('Scheduled maintenance', 'Days Away')).toEqual(['5']);

  // Edit: Update only once something changed.
  await page.getByRole('button', { name: `Edit Oil change of ${typedDay(mxDay)}` }).click();
  const editMx = tabs.dialog('Edit Scheduled Mx');
  await expect(editMx.getByRole('button', { name: 'Update' })).toBeDisabled();
  await editMx.getByLabel('Type').fill('Oil and filter');
  await editMx.getByRole('button', { name: 'Update' }).click();
  await expect(editMx).toBeHidden();
  await expect.poll(async () => (await server.scheduled()).map((m) => m.mxType)).toEqual(['Oil and filter']);

  // LTI and PMI: scheduled a week and ten days ahead.
  await tabs.openMaintenance('LTI');
  await page.getByRole('button', { name: 'Schedule LTI' }).click();
  await tabs.typeDay(tabs.dialog('Schedule LTI').getByLabel('Scheduled For'), daysFromNow(7));
  await tabs.dialog('Schedule LTI').getByRole('button', { name: 'Schedule' }).click();
  await expect(tabs.rows('LTIs')).toHaveCount(1);
  await tabs.openMaintenance('PMI');
  await page.getByRole('button', { name: 'Schedule PMI' }).click();
  await tabs.typeDay(tabs.dialog('Schedule PMI').getByLabel('Scheduled For'), daysFromNow(10));
  await tabs.dialog('Schedule PMI').getByRole('button', { name: 'Schedule' }).click();
  await expect(tabs.rows('PMIs')).toHaveCount(1);

  // TDY: start today; the header says the vehicle is on TDY.
  await tabs.open('TDY');
  await page.getByRole('button', { name: 'Create TDY' }).click();
  const createTdy = tabs.dialog('Create TDY');
  await tabs.typeDay(createTdy.getByLabel('Start Date'), daysFromNow(0));
  await expect(createTdy.getByRole('button', { name: 'Create' })).toBeDisabled();
  await createTdy.getByLabel('Description').fill('Exercise Red Flag');
  await createTdy.getByRole('button', { name: 'Create' }).click();
  await expect(createTdy).toBeHidden();
  await expect(tabs.rows('TDYs')).toHaveCount(1);
  await expect(header.field('TDY')).toHaveText('Yes');
  await app.waitSynced();

  const scheduled = await fleetValues(page, vehicle.regNumber, ['Next Mx Date', 'Next Mx Type', 'Next LTI', 'Next PMI', 'TDY']);
  expect(scheduled).toEqual({
    'Next Mx Date': typedDay(mxDay),
    'Next Mx Type': 'Oil and filter',
    'Next LTI': typedDay(daysFromNow(7)),
    'Next PMI': typedDay(daysFromNow(10)),
    TDY: 'Yes',
  });

  // Complete each: ticking Completed fills in today and hides the row until 'Show Completed ...'.
  await header.open(vehicle.regNumber);
  await tabs.openMaintenance('Scheduled');
  await page.getByRole('button', { name: /^Edit Oil and filter of / }).click();
  await editMx.getByLabel('Completed', { exact: true }).check();
  await expect(editMx.getByLabel('Completed On')).toHaveValue(typedDay(daysFromNow(0)));
  await editMx.getByRole('button', { name: 'Update' }).click();
  await expect(tabs.rows('Scheduled maintenance')).toHaveCount(0);
  await page.getByText('Show Completed Scheduled Mx').click();
  await expect(tabs.rows('Scheduled maintenance')).toHaveCount(1);
  await expect.poll(() => tabs.columnTexts('Scheduled maintenance', 'Completed On')).toEqual([typedDay(daysFromNow(0))]);
  await expect.poll(() => tabs.columnTexts('Scheduled maintenance', 'Days Away')).toEqual(['']);

  // LTI: Passed only once completed; passed, with a note.
  await tabs.openMaintenance('LTI');
  await page.getByRole('button', { name: /^Edit LTI of / }).click();
  const editLti = tabs.dialog('Edit LTI');
  await expect(editLti.getByLabel('Passed')).toBeDisabled();
  await editLti.getByLabel('Completed', { exact: true }).check();
  await editLti.getByLabel('Passed').check();
  await editLti.getByLabel('Notes').fill('Brakes within limits');
  await editLti.getByRole('button', { name: 'Update' }).click();
  await expect(tabs.rows('LTIs')).toHaveCount(0);
  await page.getByText('Show Completed LTI').click();
  await expect.poll(() => tabs.columnTexts('LTIs', 'Passed')).toEqual(['Yes']);

  // PMI: completed without a result.
  await tabs.openMaintenance('PMI');
  await page.getByRole('button', { name: /^Edit PMI of / }).click();
  await tabs.dialog('Edit PMI').getByLabel('Completed', { exact: true }).check();
  await tabs.dialog('Edit PMI').getByRole('button', { name: 'Update' }).click();
  await expect(tabs.rows('PMIs')).toHaveCount(0);

  // TDY: Completed fills the end date with today; the vehicle is back.
  await tabs.open('TDY');
  await page.getByRole('button', { name: /^Edit TDY of / }).click();
  const editTdy = tabs.dialog('Edit TDY');
  await editTdy.getByLabel('Completed').check();
  await expect(editTdy.getByLabel('End Date')).toHaveValue(typedDay(daysFromNow(0)));
  await editTdy.getByRole('button', { name: 'Update' }).click();
  await expect(tabs.rows('TDYs')).toHaveCount(0);
  await expect(header.field('TDY')).toHaveText('No');
  await page.getByText('Show Completed TDY').click();
  await expect.poll(() => tabs.columnTexts('TDYs', 'Description')).toEqual(['Exercise Red Flag']);
  await app.waitSynced();

  expect(await server.scheduled()).toEqual([expect.objectContaining({ completed: true })]);
  expect(await server.ltis()).toEqual([expect.objectContaining({ completed: true, passed: true, notes: 'Brakes within limits' })]);
  expect(await server.pmis()).toEqual([expect.objectContaining({ completed: true, passed: null })]);
  expect(await server.tdys()).toEqual([expect.objectContaining({ completed: true, endDate: new Date().toLocaleDateString('en-CA') })]);

  const done = await fleetValues(page, vehicle.regNumber, ['Next Mx Date', 'Next LTI', 'Next PMI', 'TDY', 'Visits to Mx']);
  expect(done).toEqual({ 'Next Mx Date': '', 'Next LTI': '', 'Next PMI': '', TDY: 'No', 'Visits to Mx': '1' });
});

test('offline, maintenance and a TDY show at once, wait as pending, and land once after reconnecting', async ({ page, context, baseURL }) => {
  test.setTimeout(180_000);
  const { server, app, header, tabs } = await openNewVehicle(page, baseURL!);

  await context.setOffline(true);
  await tabs.openMaintenance('Scheduled');
  await page.getByRole('button', { name: 'Schedule Mx' }).click();
  await tabs.typeDay(tabs.dialog('Schedule Mx').getByLabel('Scheduled For'), daysFromNow(3));
  await tabs.dialog('Schedule Mx').getByLabel('Type').fill('Tyres');
  await tabs.dialog('Schedule Mx').getByRole('button', { name: 'Schedule' }).click();
  await expect(tabs.rows('Scheduled maintenance')).toHaveCount(1);
  await expect(tabs.rows('Scheduled maintenance').getByLabel('Waiting to sync')).toBeVisible();

  await tabs.openMaintenance('LTI');
  await page.getByRole('button', { name: 'Schedule LTI' }).click();
  await tabs.typeDay(tabs.dialog('Schedule LTI').getByLabel('Scheduled For'), daysFromNow(4));
  await tabs.dialog('Schedule LTI').getByRole('button', { name: 'Schedule' }).click();
  // Completed at once, still offline: a change on a record the server has not seen yet.
  await page.getByRole('button', { name: /^Edit LTI of / }).click();
  await tabs.dialog('Edit LTI').getByLabel('Completed', { exact: true }).check();
  await tabs.dialog('Edit LTI').getByLabel('Passed').check();
  await tabs.dialog('Edit LTI').getByRole('button', { name: 'Update' }).click();
  await page.getByText('Show Completed LTI').click();
  await expect.poll(() => tabs.columnTexts('LTIs', 'Passed')).toEqual(['Yes']);

  await tabs.open('TDY');
  await page.getByRole('button', { name: 'Create TDY' }).click();
  await tabs.typeDay(tabs.dialog('Create TDY').getByLabel('Start Date'), daysFromNow(0));
  await tabs.dialog('Create TDY').getByLabel('Description').fill('Convoy support');
  await tabs.dialog('Create TDY').getByRole('button', { name: 'Create' }).click();
  await expect(tabs.rows('TDYs').getByLabel('Waiting to sync')).toBeVisible();
  await expect(header.field('TDY')).toHaveText('Yes');

  expect(await server.scheduled()).toEqual([]);
  await context.setOffline(false);
  await app.waitSynced();
  await expect(tabs.rows('TDYs').getByLabel('Waiting to sync')).toHaveCount(0);
  expect(await server.scheduled()).toEqual([expect.objectContaining({ mxType: 'Tyres', completed: false })]);
  expect(await server.ltis()).toEqual([expect.objectContaining({ completed: true, passed: true })]);
  expect(await server.tdys()).toEqual([expect.objectContaining({ description: 'Convoy support', completed: false })]);
});

test('a dispatcher reads maintenance and TDYs without any control to change them', async ({ page, baseURL }) => {
  test.setTimeout(120_000);
  const { vehicle, api } = await createVehicle(baseURL!, demoAccount('sectionlead'));
  const at = (kind: string) => `/data/v1/vehicles/${vehicle.vehicleId}/${kind}`;
  const soon = daysFromNow(2).toISOString();
  await api.post(at('mx/scheduled'), { mxDate: soon, mxType: 'Brakes' });
  await api.post(at('mx/lti'), { mxDate: soon });
  await api.post(at('mx/pmi'), { mxDate: soon });
  await api.post('/data/v2/tdy', { regNumber: vehicle.regNumber, startDate: new Date().toLocaleDateString('en-CA'), description: 'Range support' });
  const app = new AppShell(page);
  const tabs = new VehicleTabs(page);
  await app.signInAndSync(demoAccount('dispatcher'));
  await new VehiclePage(page).open(vehicle.regNumber);

  for (const [tab, grid, button] of [
    ['Scheduled', 'Scheduled maintenance', 'Schedule Mx'],
    ['LTI', 'LTIs', 'Schedule LTI'],
    ['PMI', 'PMIs', 'Schedule PMI'],
  ] as const) {
    await tabs.openMaintenance(tab);
    await expect(tabs.rows(grid)).toHaveCount(1);
    await expect(page.getByRole('button', { name: button })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^Edit / })).toHaveCount(0);
  }
  await tabs.open('TDY');
  await expect(tabs.rows('TDYs')).toHaveCount(1);
  await expect(page.getByRole('button', { name: 'Create TDY' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Edit / })).toHaveCount(0);
});
