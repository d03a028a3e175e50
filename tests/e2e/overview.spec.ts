import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { expect, test, type Locator, type Page } from '@playwright/test';
import type { Vehicle } from '../../core/schema/vehicle.ts';
import { AppShell } from './pages/app-shell.ts';
import { VehiclePage } from './pages/vehicle-page.ts';
import { daysFromNow, typedDay, VehicleTabs } from './pages/vehicle-tabs.ts';
import { apiAs, demoAccount, useOwnOrganization } from './support/accounts.ts';
import { createVehicle } from './support/vehicles.ts';

useOwnOrganization();

test.beforeEach(async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
});

const LISTS: [tab: string, table: string, empty: RegExp][] = [
  ['Availability', 'Availability', /No sections or vehicle types/],
  ['Readiness Forecast', 'Readiness Forecast', /No vehicle type has a MEL/],
  ['Status Details', 'Status Details', /Every vehicle is FMC/],
  ['Scheduled Mx', 'Scheduled Mx', /No scheduled maintenance within/],
  ['Approaching LTIs', 'Approaching LTIs', /No LTIs within/],
  ['Approaching PMIs', 'Approaching PMIs', /No PMIs within/],
  ['Current TDYs', 'Current TDYs', /No vehicle is on TDY/],
  ['Approaching TDYs', 'Approaching TDYs', /No TDYs within/],
  ['Approaching Washes', 'Approaching Washes', /No washes within/],
  ['Approaching EOL/Depo Turn-In', 'Approaching EOL/Depo Turn-In', /No vehicle reaches its EOL/],
];

/** A donut's count of one status, from its legend entry ('All Vehicles: FMC, 24 (63%)'). */
async function sliceCount(page: Page, donut: string, status: string): Promise<number> {
  const label = await page.getByRole('button', { name: new RegExp(`^${donut}: ${status}, \\d+`) }).getAttribute('aria-label');
  return Number(/, (\d+) \(/.exec(label!)![1]);
}

/** Opens a donut slice's list of vehicles (its legend entry, as a keyboard user would) and answers the dialog. */
async function openSlice(page: Page, donut: string, status: string): Promise<Locator> {
  await page.getByRole('button', { name: new RegExp(`^${donut}: ${status}, \\d+`) }).click();
  const dialog = page.getByRole('dialog', { name: `${donut}: ${status === 'Inoperable' ? 'Inoperable' : status}` });
  await expect(dialog).toBeVisible();
  return dialog;
}

test('a vco lands on the Overview, switches section, opens every list and the CSV, and sees a status change made in another browser move a vehicle between slices', async ({
  page,
  browser,
  baseURL,
}) => {
  // Two browsers sign in and make their first sync.
  test.setTimeout(150_000);
  const vco = demoAccount('vco');
  const { vehicle } = await createVehicle(baseURL!, vco);
  const app = new AppShell(page);
  await app.signInAndSync(vco);
  expect(new URL(page.url()).pathname).toBe('/');
  await expect(page.getByRole('heading', { name: 'Overview', level: 1 })).toBeVisible();

  // Every list opens, with rows that link to their vehicle or the list's empty text.
  for (const [tab, table, empty] of LISTS) {
    await page.getByRole('tab', { name: new RegExp(`^${tab.replace('/', '\\/')}`) }).click();
    await expect(page.getByRole('table', { name: table, exact: true }).or(page.getByText(empty))).toBeVisible();
  }
  await page.getByRole('tab', { name: /^Status Details/ }).click();
  const firstDown = page.getByRole('table', { name: 'Status Details' }).getByRole('link').first();
  const reg = (await firstDown.innerText()).trim();
  await firstDown.click();
  await expect(page.getByRole('heading', { name: reg })).toBeVisible();
  await app.link('Overview').click();

  // The whole fleet's availability as CSV: its name and columns.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^availability_whole-fleet_\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = fs
    .readFileSync((await file.path())!, 'utf8')
    .replace(/^\uFEFF/, '')
    .trim()
    .split(/\r?\n/);
  expect(csv[0]).toBe('Section,Vehicle Type,Total,Available,FMC,TDY,MEL,Available - MEL,Availability %,MEL Status');
  expect(csv.length).toBeGreaterThan(2);
  const wholeFleetSections = new Set(csv.slice(1).map((line) => line.split(',')[0]));
  expect(wholeFleetSections.size).toBeGreaterThan(1);

  // The Section tab: the vco's own section first, then another one picked from the dropdown.
  await page.getByRole('tab', { name: 'Section', exact: true }).click();
  const section = page.getByRole('textbox', { name: 'Section' });
  const first = await section.inputValue();
  await expect(page.getByRole('heading', { level: 2, name: `Section ${first}` })).toBeVisible();
  await page.getByRole('tab', { name: /^Availability/ }).click();
  const sectionColumn = () => page.getByRole('table', { name: 'Availability' }).locator('tbody tr td:first-child').allInnerTexts();
  await expect.poll(async () => [...new Set(await sectionColumn())]).toEqual([first]);
  const other = [...wholeFleetSections].find((name) => name !== first)!;
  await section.click();
  await page.getByRole('option', { name: other, exact: true }).click();
  await expect.poll(async () => [...new Set(await sectionColumn())]).toEqual([other]);
  await page.getByRole('tab', { name: 'Whole Fleet' }).click();

  // The new vehicle is FMC; another browser makes it inoperable, and this one moves it without a reload.
  const fmc = await sliceCount(page, 'All Vehicles', 'FMC');
  const inoperable = await sliceCount(page, 'All Vehicles', 'Inoperable');
  const fmcList = await openSlice(page, 'All Vehicles', 'FMC');
  await expect(fmcList.getByRole('link', { name: vehicle.regNumber })).toBeVisible();
  await page.keyboard.press('Escape');

  const otherContext = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const otherPage = await otherContext.newPage();
  await new AppShell(otherPage).signInAndSync(vco);
  const header = new VehiclePage(otherPage);
  await header.open(vehicle.regNumber);
  await header.setStatus('Inoperable');
  await expect(new AppShell(otherPage).syncStatus).toContainText('All changes saved');
  await otherContext.close();

  await expect.poll(() => sliceCount(page, 'All Vehicles', 'FMC'), { timeout: 15_000 }).toBe(fmc - 1);
  expect(await sliceCount(page, 'All Vehicles', 'Inoperable')).toBe(inoperable + 1);
  const inoperableList = await openSlice(page, 'All Vehicles', 'Inoperable');
  await expect(inoperableList.getByRole('link', { name: vehicle.regNumber })).toBeVisible();
});

test('a dispatcher sees the Whole Fleet only', async ({ page }) => {
  await new AppShell(page).signInAndSync(demoAccount('dispatcher'));
  await expect(page.getByRole('tab', { name: 'Whole Fleet' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Section', exact: true })).toHaveCount(0);
  await expect(page.getByRole('img', { name: /^All Vehicles: FMC \d+/ })).toBeVisible();
});

test('scheduling a PMI on a vehicle of a type at its MEL shows a shortfall on that day in the forecast', async ({ page, baseURL }) => {
  test.setTimeout(120_000);
  const vco = demoAccount('vco');
  const api = await apiAs(baseURL!, vco);
  const seeded = ((await api.get('/data/v2/vehicles')).body as Vehicle[]).find((v) => v.decommissionDate === null && v.sectionId && v.workflowId)!;
  // A vehicle type of its own: two vehicles against a MEL of two.
  const type = `Tug ${randomBytes(3).toString('hex').toUpperCase()}`;
  expect((await api.post(`/data/v2/organization/sections/${seeded.sectionId}/mels`, { mels: [{ vehicleType: type, mel: 2 }] })).status).toBe(201);
  const regs: string[] = [];
  for (const suffix of ['A', 'B']) {
    const regNumber = `E2E-${randomBytes(3).toString('hex').toUpperCase()}${suffix}`;
    const res = await api.post('/data/v1/vehicles', { regNumber, vehicleType: type, sectionId: seeded.sectionId, workflowId: seeded.workflowId });
    expect(res.status).toBe(201);
    regs.push(regNumber);
  }

  const app = new AppShell(page);
  await app.signInAndSync(vco);
  const forecastRow = () => page.getByRole('table', { name: 'Readiness Forecast' }).getByRole('row').filter({ hasText: type });
  await page.getByRole('tab', { name: /^Readiness Forecast/ }).click();
  await expect(forecastRow()).toContainText('None');

  const header = new VehiclePage(page);
  const tabs = new VehicleTabs(page);
  const day = daysFromNow(6);
  await header.open(regs[1]!);
  await tabs.openMaintenance('PMI');
  await page.getByRole('button', { name: 'Schedule PMI' }).click();
  await tabs.typeDay(tabs.dialog('Schedule PMI').getByLabel('Scheduled For'), day);
  await tabs.dialog('Schedule PMI').getByRole('button', { name: 'Schedule' }).click();
  await expect(tabs.rows('PMIs')).toHaveCount(1);

  await app.link('Overview').click();
  await page.getByRole('tab', { name: /^Readiness Forecast/ }).click();
  await expect(forecastRow()).toContainText(`${typedDay(day)}: 1 available`);
  await expect(forecastRow()).toContainText(`${regs[1]} (PMI)`);
  await expect(forecastRow().getByRole('img')).toHaveAccessibleName(/^Lowest 1 available against a MEL of 2/);
});
