import fs from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { addDays, dayOf, instantAt, lastOfMonth } from '../../../core/rules/org-clock.ts';
import { af1800Field, signatureFieldId, TEXT_PAD } from '../../../core/af1800/geometry.ts';
import { isInside, readPdfText } from '../../support/pdf-text.ts';
import { AppShell } from '../pages/app-shell.ts';
import { Af1800Modal } from '../pages/af1800-modal.ts';
import { FleetPage } from '../pages/fleet-page.ts';
import { VehiclePage } from '../pages/vehicle-page.ts';
import { VehicleTabs } from '../pages/vehicle-tabs.ts';
import { demoAccount, useOwnOrganization } from './accounts.ts';
import { seededInspections, submitPassingInspection } from './inspections.ts';
import { createVehicle } from './vehicles.ts';

/**
 * Issue 50's end-to-end check of the organization's clock: the organization works in `orgZone`, the
 * browser sits in `browserZone` (a day away), the server in UTC, and the browser's clock is set by
 * Playwright to minutes from local midnight at a month's end. Every day the screens show is the
 * organization's: what a browser in the organization's zone shows.
 *
 * `tdyAt` is when the TDY and Days Away are looked at: 'first' 00:30 on the 1st of this month, or
 * 'last' 23:45 on the last day of the month before, organization time; it is chosen so the browser's
 * own day is the other one. A TDY runs from the 1st to the 5th and maintenance is due on the 3rd.
 */
export function orgClockSpec({ orgZone, browserZone, tdyAt }: { orgZone: string; browserZone: string; tdyAt: 'first' | 'last' }): void {
  useOwnOrganization({ timeZone: orgZone });
  test.use({ timezoneId: browserZone, viewport: { width: 1440, height: 900 } });

  // This month of the organization (the one before, within its first two hours: the clock set below lies in the past).
  const nowDay = dayOf(Date.now() - 2 * 3_600_000, orgZone);
  const first = `${nowDay.slice(0, 7)}-01`;
  const lastBefore = addDays(first, -1);
  const at = (day: string, hh: number, mm: number) => new Date(instantAt(day, hh * 60 + mm, orgZone));
  const tdyClock = tdyAt === 'first' ? at(first, 0, 30) : at(lastBefore, 23, 45);
  const onTdy = tdyAt === 'first';
  const mxDay = addDays(first, 2);
  const daysAway = tdyAt === 'first' ? 2 : 3;
  const account = () => demoAccount('admin');
  let reg = '';

  test.beforeAll(async ({ baseURL }) => {
    const { vehicle, api } = await createVehicle(baseURL!, account());
    reg = vehicle.regNumber;
    const tdy = await api.post('/data/v2/tdy', { regNumber: reg, startDate: first, endDate: addDays(first, 4), description: 'Exercise' });
    expect(tdy.status, JSON.stringify(tdy.body)).toBe(201);
    const mx = await api.post(`/data/v1/vehicles/${vehicle.vehicleId}/mx/scheduled`, { mxDate: at(mxDay, 12, 0).toISOString(), mxType: 'Oil and filter' });
    expect(mx.status, JSON.stringify(mx.body)).toBe(201);
    // 23:30 on the last day of the month before, organization time.
    await submitPassingInspection(api, await seededInspections(api), vehicle, at(lastBefore, 23, 30).toISOString());
  });

  async function signInAt(page: Page, time: Date): Promise<AppShell> {
    await page.clock.install({ time });
    const app = new AppShell(page);
    await app.signInAndSync(account());
    return app;
  }

  const title = `(${orgZone} organization, ${browserZone} browser)`;

  test(`Fleet Details, the vehicle's tabs, the Overview and Reports count the organization's days ${title}`, async ({ page }) => {
    await signInAt(page, tdyClock);
    expect(await page.evaluate(() => new Date().getDate())).not.toBe(Number(dayOf(tdyClock, orgZone).slice(8)));

    const fleet = new FleetPage(page);
    await fleet.open();
    await fleet.filterByRegNumber(reg);
    await expect(fleet.row(reg)).toBeVisible();
    expect(await fleet.firstRowValue('TDY')).toBe(onTdy ? 'Yes' : 'No');

    const header = new VehiclePage(page);
    const tabs = new VehicleTabs(page);
    await header.open(reg);
    await expect(header.field('TDY')).toHaveText(onTdy ? 'Yes' : 'No');
    await tabs.openMaintenance('Scheduled');
    await expect(tabs.rows('Scheduled maintenance')).toHaveCount(1);
    expect(await tabs.columnTexts('Scheduled maintenance', 'Days Away')).toEqual([String(daysAway)]);
    // Noon on the 3rd, organization time, is another day in the browser's zone: the organization's day is shown.
    const [y, m, d] = mxDay.split('-');
    expect(await tabs.columnTexts('Scheduled maintenance', 'Scheduled For')).toEqual([`${m}/${d}/${y}`]);

    await page.getByRole('link', { name: 'Overview' }).click();
    await page.getByRole('tab', { name: /^Current TDYs/ }).click();
    const current = page.getByRole('tabpanel', { name: /^Current TDYs/ });
    if (onTdy) await expect(current).toContainText(reg);
    else await expect(current).not.toContainText(reg);

    // Reports' default range is 'This Month': the organization's, which has begun on the server too.
    await page.getByRole('link', { name: 'Reports' }).click();
    await expect(page.getByText(/^Reports computed /)).toBeVisible({ timeout: 30_000 });
    await expect(page.getByText('Dates in the future have no report yet')).toHaveCount(0);
    // 'Last Month': the organization's month before, whole.
    await page.getByRole('button', { name: 'Time Range Options' }).click();
    const options = page.getByRole('dialog', { name: 'Time Range Options' });
    await options.getByRole('radio', { name: 'Last Month' }).check();
    await options.getByRole('button', { name: 'Apply' }).click();
    await expect(page.getByRole('heading', { level: 1, name: /Report: Last Month$/ })).toBeVisible();
    await expect(page.getByText(/^Reports computed /)).toBeVisible({ timeout: 30_000 });
  });

  test(`an inspection at 23:30 on a month's last day signs that day's line of that month's AF1800 ${title}`, async ({ page }) => {
    await signInAt(page, at(lastBefore, 23, 45));
    const fleet = new FleetPage(page);
    await fleet.open();
    await fleet.filterByRegNumber(reg);
    const formTitle = `Current AF1800 for ${reg}`;
    await fleet.grid.getByRole('button', { name: formTitle }).click();
    const modal = new Af1800Modal(page, formTitle);
    await modal.waitForPdf();
    const download = page.waitForEvent('download');
    await modal.dialog.getByRole('button', { name: 'Download' }).click();
    const pdf = await readPdfText(new Uint8Array(fs.readFileSync((await (await download).path())!)));

    // The shifts of the demo are 06:00, 14:00 and 22:00 on the organization's clock: 23:30 is shift 3.
    const day = Number(lastOfMonth(lastBefore).slice(8));
    const signed = pdf.items.filter((item) => item.page === 1 && isInside(item, af1800Field(signatureFieldId(day, 3)), TEXT_PAD));
    expect(signed.map((i) => i.str).join(' ')).not.toBe('');
    for (const other of [day - 1, day].flatMap((d) => [1, 2, 3].map((s) => [d, s] as const)).filter(([d, s]) => d !== day || s !== 3))
      expect(pdf.items.filter((item) => item.page === 1 && isInside(item, af1800Field(signatureFieldId(other[0], other[1])), TEXT_PAD))).toEqual([]);
  });
}
