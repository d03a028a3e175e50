import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import { defaultReportMonth } from '../../core/rules/af1800-form.ts';
import { AppShell } from './pages/app-shell.ts';
import { Af1800Modal } from './pages/af1800-modal.ts';
import { FleetPage } from './pages/fleet-page.ts';
import { demoAccount, orgName, useOwnOrganization } from './support/accounts.ts';
import { waitForWorkerControl } from './support/service-worker.ts';

useOwnOrganization();

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

test.beforeEach(async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
});

test("from Fleet Details a vehicle's current AF1800 opens, downloads as a PDF, and opens offline too", async ({ page, context }) => {
  const app = new AppShell(page);
  const fleet = new FleetPage(page);
  await app.signInAndSync(demoAccount('sectionlead'));
  await fleet.open();

  const link = fleet.grid.getByRole('button', { name: /^Current AF1800 for / }).first();
  const title = (await link.getAttribute('aria-label'))!;
  const reg = title.replace('Current AF1800 for ', '');
  await link.click();
  const modal = new Af1800Modal(page, title);
  // Page 1, the inspection grid; page 2, the maintenance report; page 3, items 36 to 39.
  expect(await modal.waitForPdf()).toBeGreaterThanOrEqual(3);
  await expect(modal.pageText).toContainText(reg);
  await expect(modal.pageText).toContainText(orgName());
  await modal.nextPage();
  await expect(modal.pageText).toContainText(/OPERATOR'S REPORT/i);

  const download = page.waitForEvent('download');
  await modal.dialog.getByRole('button', { name: 'Download' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`${title}.pdf`);
  expect(
    fs
      .readFileSync((await file.path())!)
      .subarray(0, 5)
      .toString(),
  ).toBe('%PDF-');
  await modal.close();

  // Offline: the form is made on the device from the mirror, by the precached worker.
  await waitForWorkerControl(page);
  await context.setOffline(true);
  await expect(app.syncStatus).toContainText('Offline');
  await link.click();
  await modal.waitForPdf();
  await expect(modal.pageText).toContainText(reg);
  await modal.close();
  await context.setOffline(false);
});

test('the Monthly AF1800 Report combines every vehicle of a month with data, and says so for a month without', async ({ page }) => {
  const app = new AppShell(page);
  const fleet = new FleetPage(page);
  await app.signInAndSync(demoAccount('vco'));
  await fleet.open();

  await page.getByRole('button', { name: 'Monthly AF1800 Report' }).click();
  const picker = page.getByRole('dialog', { name: 'Monthly AF1800 Report' });
  const now = new Date();
  // The month just ended through the 5th, else this one (the spec's organization works in UTC).
  const opened = defaultReportMonth(now, 'UTC');
  const month = picker.getByRole('button', { name: 'Month', exact: true });
  await expect(month).toHaveText(`${String(opened.month).padStart(2, '0')}/${opened.year}`);
  await picker.getByRole('button', { name: 'Create combined AF1800 Report' }).click();

  const report = new Af1800Modal(page, `Combined AF1800 reports for ${MONTHS[opened.month - 1]} ${opened.year}`);
  // Three pages a vehicle at least, and the demo fleet has many vehicles inspected in either month.
  expect(await report.waitForPdf()).toBeGreaterThan(6);
  await expect(report.pageText).toContainText(/INSPECTION GUIDE AND TROUBLE REPORT/);

  // A month long before the demo data: the server has nothing for it.
  await report.dialog.getByRole('button', { name: 'Choose another month' }).click();
  await month.click();
  for (let year = opened.year; year > 2020; year -= 1) await page.getByRole('button', { name: 'Previous year' }).click();
  await page.getByRole('button', { name: 'Jan', exact: true }).click();
  await expect(month).toHaveText('01/2020');
  await picker.getByRole('button', { name: 'Create combined AF1800 Report' }).click();
  const empty = page.getByRole('dialog', { name: 'Combined AF1800 reports for January 2020' });
  await expect(empty.getByText('No report information for this month.')).toBeVisible({ timeout: 15_000 });
});
