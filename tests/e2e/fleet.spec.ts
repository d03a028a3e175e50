import fs from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { AppShell } from './pages/app-shell.ts';
import { demoAccount } from './support/accounts.ts';

test.beforeEach(async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
});

/** The grid's footer: "N rows" or "N of M rows"; answers N. */
async function shownRows(page: Page): Promise<number> {
  const text = await page.getByText(/^\d+( of \d+)? rows?$/).innerText();
  return Number(text.split(' ')[0]);
}

async function openFleet(page: Page) {
  await page.goto('/FleetDetails');
  await expect(page.getByRole('heading', { name: 'Fleet Details' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Fleet Details' }).getByRole('row').nth(1)).toBeVisible({ timeout: 30_000 });
}

test('Fleet Details narrows by a number range and a date range, and downloads the grid as CSV', async ({ page }) => {
  await new AppShell(page).signInAndSync(demoAccount('sectionlead'));
  await openFleet(page);
  const all = await shownRows(page);
  expect(all).toBeGreaterThan(10);

  const filters = page.getByRole('dialog', { name: 'Filters' });
  await page.getByRole('button', { name: /^Filters/ }).click();
  await filters.getByLabel('Open Waivers comparison').click();
  await page.getByRole('option', { name: 'Greater than' }).click();
  await filters.getByLabel('Open Waivers value').fill('0');
  await expect.poll(() => shownRows(page)).toBeLessThan(all);
  const withOpenWaivers = await shownRows(page);
  expect(withOpenWaivers).toBeGreaterThan(0);
  await filters.getByRole('button', { name: 'Clear filters' }).click();
  await expect.poll(() => shownRows(page)).toBeGreaterThanOrEqual(all);

  // DATE_TIME: inspections from a week ahead on, which none can have.
  const ahead = new Date(Date.now() + 7 * 86_400_000);
  const from = filters.getByLabel('Inspection Date from');
  await from.scrollIntoViewIfNeeded();
  await from.click();
  const calendar = page.locator(`#${await from.getAttribute('aria-controls')}`);
  if (ahead.getMonth() !== new Date().getMonth()) await calendar.getByRole('button').nth(2).click();
  const dayName = `${ahead.getDate()} ${ahead.toLocaleString('en-US', { month: 'long' })} ${ahead.getFullYear()}`;
  await calendar.getByRole('button', { name: dayName, exact: true }).click();
  await calendar.locator('.mantine-DateTimePicker-submitButton').click();
  await expect.poll(() => shownRows(page)).toBe(0);
  await filters.getByRole('button', { name: 'Clear filters' }).click();
  await expect.poll(() => shownRows(page)).toBeGreaterThanOrEqual(all);
  await filters.getByRole('button', { name: 'Close filters' }).click();

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^fleet-details.*\.csv$/);
  const csv = fs.readFileSync((await file.path())!, 'utf8').trim().split(/\r?\n/);
  expect(csv[0]).toContain('Reg Number');
  expect(csv.length - 1).toBe(await shownRows(page));
  // The registration is a text-forced cell: the formula ="REG", quoted as a CSV field.
  expect(csv[1]).toMatch(/,"=""[A-Z0-9 _-]+""",/);
});

test('a vehicle opened from Fleet Details takes a mileage edit and leaves the grid when decommissioned', async ({ page }) => {
  await new AppShell(page).signInAndSync(demoAccount('sectionlead'));
  await openFleet(page);
  const link = page.getByRole('table', { name: 'Fleet Details' }).getByRole('link').first();
  const reg = (await link.innerText()).trim();
  await link.click();
  await expect(page.getByRole('heading', { name: reg })).toBeVisible();

  await page.getByRole('button', { name: 'Edit mileage' }).click();
  const mileage = page.getByRole('dialog', { name: 'Update Mileage' });
  await mileage.getByLabel(/^Mileage/).fill('123,456');
  await mileage.getByRole('button', { name: /Save|Submit/ }).click();
  await expect(mileage).toBeHidden();
  await expect(page.getByText('123,456')).toBeVisible();

  await page.getByRole('button', { name: 'Decommission' }).click();
  await page.getByRole('dialog', { name: `Decommission ${reg}?` }).getByRole('button', { name: /^Decommission/ }).click();
  await expect(page.getByRole('button', { name: 'Decommissioned' })).toBeVisible();
  await openFleet(page);
  await expect(page.getByRole('table', { name: 'Fleet Details' }).getByRole('link', { name: reg, exact: true })).toHaveCount(0);

  await page.goto(`/Vehicle/${reg.toLowerCase()}`);
  await page.getByRole('button', { name: 'Decommissioned' }).click();
  await page.getByRole('dialog', { name: `Re-commission ${reg}?` }).getByRole('button', { name: /^Re-commission/ }).click();
  await expect(page.getByRole('button', { name: 'Decommission' })).toBeVisible();
  await expect(new AppShell(page).syncStatus).toContainText('All changes saved', { timeout: 15_000 });
});
