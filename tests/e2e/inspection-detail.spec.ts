import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { inspectionPaths, type InspectionResult } from '../../core/schema/inspection.ts';
import { durationText, inspectorText, readingText } from '../../src/features/inspection/header-text.ts';
import { inspectionFormMonth, vehicleFormTitle } from '../../src/shared/af1800/af1800-data.ts';
import { formatDate, formatDateTime } from '../../src/shared/fleet-format.ts';
import { AppShell } from './pages/app-shell.ts';
import { firstDataRow } from './pages/grid-rows.ts';
import { InspectionPage } from './pages/inspection-page.ts';
import { VehiclePage } from './pages/vehicle-page.ts';
import { VehicleTabs } from './pages/vehicle-tabs.ts';
import { apiAs, demoAccount, useOwnOrganization } from './support/accounts.ts';
import { olderInspections, pickInspections, seededInspections } from './support/inspections.ts';
import { waitForWorkerControl } from './support/service-worker.ts';

useOwnOrganization();

test.beforeEach(async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
});

const account = () => demoAccount('sectionlead');
const picked = async (baseURL: string) => pickInspections(await seededInspections(await apiAs(baseURL, account())));

/** A number as the grid writes it ('1,850'). */
const number = (value: InspectionResult['result']['value']) => (typeof value === 'number' ? value.toLocaleString('en-US') : String(value));

test('the Inspections tab lists the vehicle’s inspections newest first; a row opens its detail and its month’s AF-1800', async ({ page, baseURL }) => {
  test.setTimeout(120_000);
  const { vehicle, history } = await picked(baseURL!);
  const app = new AppShell(page);
  const tabs = new VehicleTabs(page);
  await app.signInAndSync(account());
  await new VehiclePage(page).open(vehicle.regNumber);

  // The tab the vehicle page opens on.
  await expect(page.getByRole('tab', { name: 'Inspections', selected: true })).toBeVisible();
  const grid = page.getByRole('table', { name: 'Inspections' });
  await expect(firstDataRow(grid)).toBeVisible();
  await expect(page.getByText(`${history.length} rows`, { exact: true })).toBeVisible();
  const dates = await tabs.columnTexts('Inspections', 'Inspection Date');
  expect(dates.slice(0, 5)).toEqual(history.slice(0, 5).map((i) => formatDateTime(i.inspectionDate)));
  const newest = history[0]!;
  const row = firstDataRow(grid);
  await expect(row).toContainText(newest.inspector ?? '');
  await expect(row).toContainText(newest.passed ? 'Yes' : 'No');

  // Its month's form: the current one for this month's inspections.
  const formTitle = vehicleFormTitle(vehicle.regNumber, inspectionFormMonth(newest.inspectionDate, new Date(), 'UTC'));
  await row.getByRole('button', { name: formTitle }).click();
  await expect(page.getByRole('dialog', { name: formTitle })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog', { name: formTitle })).toBeHidden();

  // The date is the row's link: Enter opens the detail, Back returns to the vehicle.
  await row.getByRole('link', { name: `Open inspection of ${formatDateTime(newest.inspectionDate)}` }).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/inspection/${newest.inspectionId}$`));
  const detail = new InspectionPage(page);
  await detail.waitFor(vehicle.regNumber);
  await page.getByRole('link', { name: `Back to ${vehicle.regNumber}` }).click();
  await new VehiclePage(page).waitFor(vehicle.regNumber);

  // A double click on a row opens it too.
  await firstDataRow(page.getByRole('table', { name: 'Inspections' }))
    .locator('td')
    .nth(1)
    .dblclick();
  await detail.waitFor(vehicle.regNumber);
});

test('the detail shows the header and each kind of result, failed rows highlighted, pictures in the viewer', async ({ page, baseURL }) => {
  test.setTimeout(120_000);
  const { vehicle, main, fuel, passed, failed, target, pictured } = await picked(baseURL!);
  await new AppShell(page).signInAndSync(account());
  const detail = new InspectionPage(page);
  // The path is case-insensitive (part 1 §2): /Inspection/ as the old links spell it.
  await page.goto(`/Vehicle/${encodeURIComponent(vehicle.regNumber.toLowerCase())}/Inspection/${main.inspectionId}`);
  await detail.waitFor(vehicle.regNumber);

  await expect(detail.field('Status')).toHaveText(main.passed ? 'Valid' : 'Invalid');
  await expect(detail.field('Date Performed')).toHaveText(formatDate(main.inspectionDate));
  await expect(detail.field('Submitted')).toHaveText(formatDateTime(main.submissionDate));
  await expect(detail.field('Inspector')).toHaveText(inspectorText(main.inspector, main.shift));
  await expect(detail.field('Duration')).toHaveText(durationText(main.duration));
  await expect(detail.field('Miles')).toHaveText(readingText(main.miles));
  await expect(detail.field('Hours')).toHaveText(readingText(main.hours));
  await expect(page.getByText(`${main.numFixes} ${main.numFixes === 1 ? 'fix' : 'fixes'}`, { exact: true })).toBeVisible();
  await expect(page.getByText(`${main.numNotes} ${main.numNotes === 1 ? 'note' : 'notes'}`, { exact: true })).toBeVisible();
  await expect(page.getByText(`${main.results!.length} rows`, { exact: true })).toBeVisible();

  // The fuel gauge: a threshold, its value over the rule's maximum (4 quarter tanks).
  const fuelRow = await detail.row(fuel.ruleId);
  await expect(await detail.cell(fuelRow, 'Result')).toHaveText(`${number(fuel.result.value)} / 4`);
  await expect(await detail.cell(fuelRow, 'Type')).toHaveText('Range');

  // Pass/fail as icons; the failed row stands out from the passed one.
  const passedRow = await detail.row(passed.ruleId);
  await expect((await detail.cell(passedRow, 'Result')).getByRole('img', { name: 'Pass' })).toBeVisible();
  const plain = await passedRow.evaluate((tr) => getComputedStyle(tr).backgroundColor);
  const failedRow = await detail.row(failed.ruleId);
  await expect((await detail.cell(failedRow, 'Result')).getByRole('img', { name: 'Fail' })).toBeVisible();
  await expect(await detail.cell(failedRow, 'Passed?')).toHaveText('No');
  await expect(await detail.cell(failedRow, 'Was Fixed?')).toHaveText('No');
  const highlighted = await failedRow.evaluate((tr) => getComputedStyle(tr).backgroundColor);
  expect(highlighted).not.toBe(plain);

  // A target with its units.
  await detail.open(target.vehicle.regNumber, target.inspection.inspectionId);
  const targetRow = await detail.row(target.result.ruleId);
  const units = target.result.units!;
  const value = number(target.result.result.value);
  await expect(await detail.cell(targetRow, 'Result')).toHaveText(/^[%°]/.test(units) ? `${value}${units}` : `${value} ${units}`);
  await expect(await detail.cell(targetRow, 'Type')).toHaveText('Target');

  // A result's pictures open in the image viewer, read-only.
  await detail.open(pictured.vehicle.regNumber, pictured.inspection.inspectionId);
  const picturedRow = await detail.row(pictured.result.ruleId);
  await picturedRow.getByRole('button', { name: / pictures of / }).click();
  const viewer = page.getByRole('dialog', { name: /^Pictures of / });
  await expect(viewer.locator('img').first()).toBeVisible({ timeout: 20_000 });
  await expect(viewer.getByRole('button', { name: 'Edit Caption' })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(viewer).toBeHidden();
});

test('an older inspection is fetched online and kept for offline; one never opened says it cannot be loaded offline, then loads online', async ({
  page,
  context,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const api = await apiAs(baseURL!, account());
  const seeded = await seededInspections(api);
  const { vehicle } = pickInspections(seeded);
  const [opened, neverOpened] = await olderInspections(api, seeded, vehicle);
  const app = new AppShell(page);
  const detail = new InspectionPage(page);
  await app.signInAndSync(account());

  await detail.open(vehicle.regNumber, opened);
  await expect(firstDataRow(detail.results)).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText(/kept on this device for reading offline/)).toBeVisible();
  const shown = await page.getByText(/^\d+ rows$/).innerText();

  await waitForWorkerControl(page);
  await context.setOffline(true);
  await page.reload();
  await detail.waitFor(vehicle.regNumber);
  await expect(firstDataRow(detail.results)).toBeVisible();
  await expect(page.getByText(shown, { exact: true })).toBeVisible();

  await detail.open(vehicle.regNumber, neverOpened);
  await expect(page.getByText(/cannot be loaded offline; they will load as soon as the device is back online/)).toBeVisible();
  await expect(detail.results).toHaveCount(0);
  // The screen's own part (the shell's offline state is not this spec's subject).
  const axe = await new AxeBuilder({ page }).include('main').withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);

  // Back online, it loads by itself.
  await context.setOffline(false);
  await expect(firstDataRow(detail.results)).toBeVisible({ timeout: 30_000 });
});

test('a result added afterwards by an amendment says who added it and when', async ({ page, baseURL }) => {
  test.setTimeout(120_000);
  const api = await apiAs(baseURL!, account());
  const { vehicle, main } = pickInspections(await seededInspections(api));
  const item = main.results!.find((r) => /^AF1800-\d+$/.test(r.ruleId) && r.type === 'passFail' && r.result.isPassing)!;
  const amended = await api.call('PATCH', inspectionPaths.recentV2.build({ vehicleId: vehicle.vehicleId }), {
    version: main.version,
    workflowId: main.workflowId,
    parentInspectionId: main.inspectionId,
    responses: [{ ruleId: item.ruleId, type: 'passFail', result: { isPassing: false }, comment: 'Found after the walk-around' }],
  });
  expect(amended.status, JSON.stringify(amended.body)).toBeLessThan(300);

  await new AppShell(page).signInAndSync(account());
  const detail = new InspectionPage(page);
  await detail.open(vehicle.regNumber, main.inspectionId);
  await detail.search.fill('Found after the walk-around');
  const row = firstDataRow(detail.results);
  await expect(await detail.cell(row, 'Comment')).toHaveText(/^Amended \d\d\/\d\d\/\d{4} \d\d:\d\d by Casey Nguyen: Found after the walk-around$/);
  await expect(await detail.cell(row, 'Passed?')).toHaveText('No');
  await expect(detail.field('Status')).toHaveText('Invalid');
});
