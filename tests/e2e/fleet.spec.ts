import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import { AppShell } from './pages/app-shell.ts';
import { FleetPage } from './pages/fleet-page.ts';
import { apiAs, demoAccount, useOwnOrganization } from './support/accounts.ts';

useOwnOrganization();

test.beforeEach(async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
});

test('Fleet Details narrows by a number range and a date range, and downloads the grid as CSV', async ({ page }) => {
  const fleet = new FleetPage(page);
  await new AppShell(page).signInAndSync(demoAccount('sectionlead'));
  await fleet.open();
  const all = await fleet.shownRows();
  expect(all).toBeGreaterThan(10);

  const filters = page.getByRole('dialog', { name: 'Filters' });
  await page.getByRole('button', { name: /^Filters/ }).click();
  await filters.getByLabel('Open Waivers comparison').click();
  await page.getByRole('option', { name: 'Greater than' }).click();
  await filters.getByLabel('Open Waivers value').fill('0');
  await expect.poll(() => fleet.shownRows()).toBeLessThan(all);
  const withOpenWaivers = await fleet.shownRows();
  expect(withOpenWaivers).toBeGreaterThan(0);
  await filters.getByRole('button', { name: 'Clear filters' }).click();
  await expect.poll(() => fleet.shownRows()).toBeGreaterThanOrEqual(all);

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
  await expect.poll(() => fleet.shownRows()).toBe(0);
  await filters.getByRole('button', { name: 'Clear filters' }).click();
  await expect.poll(() => fleet.shownRows()).toBeGreaterThanOrEqual(all);
  await filters.getByRole('button', { name: 'Close filters' }).click();

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^fleet-details.*\.csv$/);
  const csv = fs
    .readFileSync((await file.path())!, 'utf8')
    .trim()
    .split(/\r?\n/);
  expect(csv[0]).toContain('Reg Number');
  expect(csv.length - 1).toBe(await fleet.shownRows());
  // The registration is a text-forced cell: the formula ="REG", quoted as a CSV field.
  expect(csv[1]).toMatch(/,"=""[A-Z0-9 _-]+""",/);
});

test('a vehicle opened from Fleet Details takes a mileage edit, leaves the grid when decommissioned and is found again with Show Decommissioned', async ({
  page,
}) => {
  const fleet = new FleetPage(page);
  await new AppShell(page).signInAndSync(demoAccount('sectionlead'));
  await fleet.open();
  const link = fleet.grid.getByRole('link').first();
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
  await page
    .getByRole('dialog', { name: `Decommission ${reg}?` })
    .getByRole('button', { name: /^Decommission/ })
    .click();
  await expect(page.getByRole('button', { name: 'Decommissioned' })).toBeVisible();
  await fleet.open();
  const grid = fleet.grid;
  await expect(grid.getByRole('link', { name: reg, exact: true })).toHaveCount(0);

  // TOGGLE: 'Show Decommissioned' lifts the default In Commission filter, and the vehicle is back.
  const withoutDecommissioned = await fleet.shownRows();
  const filters = page.getByRole('dialog', { name: 'Filters' });
  await page.getByRole('button', { name: /^Filters/ }).click();
  const showDecommissioned = filters.getByRole('switch', { name: 'Show Decommissioned' });
  await expect(showDecommissioned).not.toBeChecked();
  await filters.getByText('Show Decommissioned').click();
  await expect(showDecommissioned).toBeChecked();
  await expect.poll(() => fleet.shownRows()).toBeGreaterThan(withoutDecommissioned);
  await filters.getByLabel('Reg Number contains').fill(reg);
  await expect(grid.getByRole('link', { name: reg, exact: true })).toBeVisible();
  await filters.getByText('Show Decommissioned').click();
  await expect(grid.getByRole('link', { name: reg, exact: true })).toHaveCount(0);

  await page.goto(`/Vehicle/${reg.toLowerCase()}`);
  await page.getByRole('button', { name: 'Decommissioned' }).click();
  await page
    .getByRole('dialog', { name: `Re-commission ${reg}?` })
    .getByRole('button', { name: /^Re-commission/ })
    .click();
  await expect(page.getByRole('button', { name: 'Decommission' })).toBeVisible();
  await expect(new AppShell(page).syncStatus).toContainText('All changes saved', { timeout: 15_000 });
});

test('a supervisor adds three vehicles at once, one of a new type, and sets and clears a status with an ETIC', async ({ page, baseURL }) => {
  const fleet = new FleetPage(page);
  test.setTimeout(120_000);
  await new AppShell(page).signInAndSync(demoAccount('sectionlead'));
  await fleet.open();
  const stamp = String(Date.now()).slice(-5);
  const regs = [`E2E-A${stamp}`, `E2E-B${stamp}`, `E2E-C${stamp}`];
  const newType = `Snow Blower ${stamp}`;

  await page.getByRole('button', { name: 'Add Vehicle(s)' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Vehicle(s)' });
  for (const next of [2, 3]) {
    await dialog.getByRole('button', { name: 'Add another vehicle' }).click();
    await expect(dialog.getByRole('group', { name: `Vehicle ${next}` })).toBeVisible();
  }
  for (const [index, reg] of regs.entries()) {
    const vehicle = dialog.getByRole('group', { name: `Vehicle ${index + 1}` });
    await vehicle.getByLabel(/^Vehicle Type/).fill(index === 2 ? newType : 'Pickup 4x4');
    await vehicle.getByLabel(/^Registration Number/).fill(reg);
    for (const [label, option] of [
      ['Section', 'Alpha'],
      ['Workflow', /AF-1800 Full/],
    ] as const) {
      await vehicle.getByLabel(new RegExp(`^${label}`)).click();
      await page.getByRole('option', { name: option }).first().click();
    }
  }
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expect(dialog).toBeHidden({ timeout: 20_000 });
  const api = await apiAs(baseURL!, demoAccount('sectionlead'));
  await expect
    .poll(async () => ((await api.get('/data/v2/vehicles')).body as { regNumber: string }[]).filter((v) => regs.includes(v.regNumber)).length, { timeout: 15_000 })
    .toBe(3);
  expect((await api.get('/data/v2/vehicles/types')).body).toContain(newType);

  await page.goto(`/Vehicle/${regs[2]}`);
  await expect(page.getByRole('heading', { name: regs[2] })).toBeVisible();
  await page.getByRole('button', { name: 'Update status' }).click();
  const status = page.getByRole('dialog', { name: 'Update Status' });
  await status.getByText('In Mx', { exact: true }).click();
  const etic = status.getByLabel('ETIC');
  await etic.click();
  const calendar = page.locator(`#${await etic.getAttribute('aria-controls')}`);
  const ahead = new Date(Date.now() + 3 * 86_400_000);
  if (ahead.getMonth() !== new Date().getMonth()) await calendar.getByRole('button').nth(2).click();
  await calendar.getByRole('button', { name: `${ahead.getDate()} ${ahead.toLocaleString('en-US', { month: 'long' })} ${ahead.getFullYear()}`, exact: true }).click();
  await calendar.locator('.mantine-DateTimePicker-submitButton').click();
  await status.getByRole('button', { name: 'Save' }).click();
  await expect(status).toBeHidden();
  const byReg = async () =>
    ((await api.get('/data/v2/vehicles')).body as { regNumber: string; eticDate: string | null; status: { status: string }[] }[]).find(
      (v) => v.regNumber === regs[2],
    )!;
  await expect.poll(async () => (await byReg()).status[0]?.status, { timeout: 15_000 }).toBe('inMx');
  expect((await byReg()).eticDate?.slice(0, 10)).toBe(ahead.toISOString().slice(0, 10));

  await page.getByRole('button', { name: 'Update status' }).click();
  await status.getByText('FMC', { exact: true }).click();
  await expect(status.getByLabel('Clear ETIC?')).toBeChecked();
  await status.getByRole('button', { name: 'Save' }).click();
  await expect.poll(async () => (await byReg()).eticDate, { timeout: 15_000 }).toBeNull();
  expect((await byReg()).status[0]?.status).toBe('valid');
});
