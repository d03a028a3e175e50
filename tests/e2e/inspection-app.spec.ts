import dayjs from 'dayjs';
import { chromium, expect, test, type Browser, type Page } from '@playwright/test';
import { FUEL_RULE_ID } from '../../core/rules/af1800-items.ts';
import { HOURS_RULE_ID, MILES_RULE_ID, af1800ItemOf } from '../../core/schema/rule.ts';
import type { Discrepancy } from '../../core/schema/discrepancy.ts';
import type { InspectionDetail, Inspection } from '../../core/schema/inspection.ts';
import type { Vehicle } from '../../core/schema/vehicle.ts';
import type { VehicleWorkflow, WorkflowRule } from '../../core/schema/workflow.ts';
import { Af1800Modal } from './pages/af1800-modal.ts';
import { AppShell } from './pages/app-shell.ts';
import { FleetPage } from './pages/fleet-page.ts';
import { InspectApp } from './pages/inspect-app.ts';
import { VehiclePage } from './pages/vehicle-page.ts';
import { VehicleTabs } from './pages/vehicle-tabs.ts';
import { apiAs, demoAccount, useOwnOrganization } from './support/accounts.ts';
import { photo } from './support/files.ts';
import { fakeCameraArgs, qrVideoFile } from './support/fake-camera.ts';
import { expectAccessible } from './support/axe.ts';
import { expectNoHorizontalOverflow, shot } from './support/screenshots.ts';
import { waitForWorkerControl } from './support/service-worker.ts';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

useOwnOrganization();

type Api = Awaited<ReturnType<typeof apiAs>>;

/** What the inspector's tablet pulls: its section's vehicles, their open discrepancies, the workflows' rules. */
async function tabletRecords(api: Api) {
  const rows: Record<string, unknown[]> = {};
  for (let cursor = '', more = true; more;) {
    const page = await api.get(`/data/v1/sync/pull?limit=5000&cursor=${encodeURIComponent(cursor)}`);
    expect(page.status).toBe(200);
    for (const c of page.body.changes as { t: string; op: string; data: unknown }[]) if (c.op === 'put') (rows[c.t] ??= []).push(c.data);
    cursor = page.body.cursor;
    more = page.body.hasMore;
  }
  return {
    vehicles: (rows.vehicles ?? []) as Vehicle[],
    discrepancies: (rows.discrepancies ?? []) as Discrepancy[],
    rules: (rows.workflowRules ?? []) as WorkflowRule[],
  };
}

/**
 * Vehicles of the inspector's section that report miles, each with two rules due of its inspection
 * whose AF1800 item it has no open discrepancy for: one to fail, one to fix on the spot.
 */
async function vehiclesToInspect(inspector: Api, count: number) {
  const { vehicles, discrepancies, rules } = await tabletRecords(inspector);
  const found = [];
  for (const vehicle of vehicles) {
    if (vehicle.decommissionDate !== null || vehicle.workflowId === null || vehicle.lastReportedMileage === null) continue;
    const own = rules.filter((r) => r.workflowId === vehicle.workflowId).sort((a, b) => a.position - b.position);
    if (!own.some((r) => r.ruleId === MILES_RULE_ID)) continue;
    const workflow = (await inspector.get(`/data/v1/vehicles/${vehicle.vehicleId}/workflow`)).body as VehicleWorkflow;
    const due = new Set(workflow.rules.filter((r) => r.due).map((r) => r.ruleId));
    const open = new Set(discrepancies.filter((d) => d.vehicleId === vehicle.vehicleId).map((d) => d.itemNo));
    const candidates = own.filter(
      (r) =>
        due.has(r.ruleId) &&
        r.ruleType === 'passFail' &&
        r.fixable &&
        r.fields.fixable !== false &&
        ![MILES_RULE_ID, HOURS_RULE_ID, FUEL_RULE_ID].includes(r.ruleId) &&
        af1800ItemOf(r) !== null &&
        !open.has(af1800ItemOf(r)!),
    );
    const [fail, fix] = candidates;
    // The rules an inspection now asks, in order (the readings are asked at the start), and the ones a
    // weekly or longer frequency leaves out because they were answered within it.
    const asked = own.filter((r) => due.has(r.ruleId) && r.ruleId !== MILES_RULE_ID && r.ruleId !== HOURS_RULE_ID).map((r) => r.title);
    const notDue = own.filter((r) => !due.has(r.ruleId)).map((r) => r.title);
    // The first vehicle shows both; the second need not.
    if (fail && fix && (found.length > 0 || notDue.length > 0))
      found.push({ vehicle, fail, fix, asked, notDue, asksHours: own.some((r) => r.ruleId === HOURS_RULE_ID) });
    if (found.length === count) return found;
  }
  throw new Error(`Not ${count} vehicles of the inspector’s section to inspect`);
}

/** Fills the readings of the start screen: miles `rise` above the last reported, hours 2 above. */
async function fillReadings(page: Page, vehicle: Vehicle, asksHours: boolean, rise: number) {
  await page.getByLabel('Miles').fill(String(vehicle.lastReportedMileage! + rise));
  if (asksHours) await page.getByLabel('Hours').fill(String((vehicle.lastReportedHours ?? 0) + 2));
}

/** The office: a section lead with the vehicle's page open in a browser of their own. */
async function officeOn(browser: Browser, baseURL: string, regNumber: string) {
  const context = await browser.newContext({ baseURL, viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  const app = new AppShell(page);
  await app.signInAndSync(demoAccount('sectionlead'));
  await app.showFleetUpdates();
  await expect(app.fleetUpdates.getByText('Connecting...')).toBeHidden({ timeout: 15_000 });
  await new VehiclePage(page).open(regNumber);
  await new VehicleTabs(page).open('Inspections');
  return { context, page, app };
}

const fmt = (n: number) => n.toLocaleString('en-US');

/** Each screen of the app is looked at: axe finds nothing, nothing overflows sideways, a screenshot is kept. */
async function look(page: Page, name: string) {
  await expectAccessible(page, name);
  await expectNoHorizontalOverflow(page);
  await shot(page, `inspect-${name}`, page.viewportSize()!, true);
}

test('an inspector inspects two vehicles, found by search and by scanning, with the network off; each lands once, and the office sees it without a reload', async ({
  browser,
  baseURL,
  launchOptions,
}) => {
  test.setTimeout(300_000);
  const inspector = await apiAs(baseURL!, demoAccount('inspector'));
  const lead = await apiAs(baseURL!, demoAccount('sectionlead'));
  const [first, second] = await vehiclesToInspect(inspector, 2);
  const { vehicle, fail, fix, asksHours } = first!;
  const history = async (vehicleId: string) => (await lead.get(`/data/v1/vehicles/${vehicleId}/inspection/history`)).body as Inspection[];
  const before = [(await history(vehicle.vehicleId)).length, (await history(second!.vehicle.vehicleId)).length];
  const office = await officeOn(browser, baseURL!, vehicle.regNumber);

  // The tablet: its camera shows the second vehicle's QR label (Chromium's fake capture from a file).
  const tablet = await chromium.launch({ ...launchOptions, args: [...(launchOptions.args ?? []), ...fakeCameraArgs(qrVideoFile(second!.vehicle.regNumber))] });
  const context = await tablet.newContext({ baseURL, viewport: { width: 768, height: 1024 }, hasTouch: true });
  const page = await context.newPage();

  const app = new InspectApp(page);
  await app.signIn(demoAccount('inspector'));
  await look(page, 'vehicles');
  await app.choose(vehicle.regNumber);
  await look(page, 'start');
  // Known defects first; then a reading below the last reported one is refused, with the number.
  await expect(page.getByRole('heading', { name: /^Open discrepancies \(\d+\)$/ })).toBeVisible();
  const last = vehicle.lastReportedMileage!;
  await page.getByLabel('Miles').fill(String(last - 1));
  if (asksHours) await page.getByLabel('Hours').fill(String((vehicle.lastReportedHours ?? 0) + 2));
  await app.tapButton('Start inspection');
  await expect(page.getByText(`Miles cannot be below the last reported ${fmt(last)}`)).toBeVisible();
  await look(page, 'start-refused');
  await fillReadings(page, vehicle, asksHours, 12);
  await app.tapButton('Start inspection');

  // From before the first rule to after Submit, the tablet has no network.
  await expect(page.getByText(/^Rule 1 of \d+$/)).toBeVisible();
  await context.setOffline(true);
  await look(page, 'rule');
  const asked = await app.answerAll({
    fail: { title: fail.title, comment: 'Cracked lens on the left side', photo: photo('cracked-lens.png', 40) },
    fix: { title: fix.title, comment: 'Loose, tightened on the spot' },
  });
  // Only the rules due by their frequency, in the workflow's order.
  expect(asked).toEqual(first!.asked);
  for (const title of first!.notDue) expect(asked).not.toContain(title);
  expect(first!.notDue.length).toBeGreaterThan(0);
  await expect(page.getByText('0 not answered')).toBeVisible();
  await expect(page.getByText('2 failures')).toBeVisible();
  await expect(page.getByRole('img', { name: `${fail.title}, photo 1` })).toBeVisible();
  await look(page, 'review');
  await app.tapButton('Submit');
  await expect(page.getByRole('heading', { name: 'Inspections on this tablet' })).toBeVisible();
  const card = page.getByRole('listitem').filter({ hasText: vehicle.regNumber });
  await expect(card.getByText('Waiting to send')).toBeVisible();
  await expect(card.getByText('0 of 1 photos sent')).toBeVisible();
  await look(page, 'sent');

  // The second vehicle, still offline: scanned, not typed.
  await page.getByRole('link', { name: 'Inspect another vehicle' }).tap();
  await app.tapButton('Scan');
  await expect(page.getByRole('heading', { level: 1, name: second!.vehicle.regNumber })).toBeVisible({ timeout: 20_000 });
  await fillReadings(page, second!.vehicle, second!.asksHours, 30);
  await app.tapButton('Start inspection');
  await app.answerAll();
  await app.tapButton('Submit');
  const secondCard = page.getByRole('listitem').filter({ hasText: second!.vehicle.regNumber });
  await expect(secondCard.getByText('Waiting to send')).toBeVisible();
  expect([(await history(vehicle.vehicleId)).length, (await history(second!.vehicle.vehicleId)).length]).toEqual(before);

  await context.setOffline(false);
  await expect(card.getByText('Sent', { exact: true })).toBeVisible({ timeout: 30_000 });
  await expect(secondCard.getByText('Sent', { exact: true })).toBeVisible({ timeout: 30_000 });
  expect((await history(second!.vehicle.vehicleId)).filter((i) => i.miles === second!.vehicle.lastReportedMileage! + 30)).toHaveLength(1);
  const landed = (await history(vehicle.vehicleId)).filter((i) => i.inspector === 'Sam Patel' && i.miles === last + 12);
  expect(landed).toHaveLength(1);
  const detail = (await lead.get(`/data/v1/vehicles/${vehicle.vehicleId}/inspection/${landed[0]!.inspectionId}`)).body as InspectionDetail;
  const failed = detail.results.find((r) => r.ruleId === fail.ruleId)!;
  expect(failed).toMatchObject({ result: { isPassing: false }, comment: 'Cracked lens on the left side', isFixed: false });
  expect(failed.pictures).toHaveLength(1);
  expect(failed.answeredAt).toBeTruthy();
  expect(detail.results.find((r) => r.ruleId === fix.ruleId)).toMatchObject({ isFixed: true });
  expect(detail.results.length).toBe(asked.length + (asksHours ? 2 : 1));

  // The office, without a reload: Fleet Updates, the Inspections tab, Required Mx (the failure not fixed).
  await expect(office.app.fleetUpdates.getByRole('article').filter({ hasText: vehicle.regNumber }).first()).toBeVisible({ timeout: 20_000 });
  const listed = office.page.getByRole('link', { name: `Open inspection of ${dayjs(detail.inspectionDate).format('MM/DD/YYYY HH:mm')}` });
  await expect(listed).toBeVisible({ timeout: 20_000 });
  await new VehicleTabs(office.page).openMaintenance('Required');
  await expect(office.page.getByRole('table', { name: 'Required maintenance' }).getByText('Cracked lens on the left side')).toBeVisible();
  await expect(office.page.getByRole('table', { name: 'Required maintenance' }).getByText('Loose, tightened on the spot')).toHaveCount(0);
  // The vehicle's current AF1800 carries the unfixed failure.
  await office.page.getByRole('button', { name: 'Current AF1800', exact: true }).click();
  const modal = new Af1800Modal(office.page, `Current AF1800 for ${vehicle.regNumber}`);
  await modal.waitForPdf();
  await modal.nextPage();
  await expect(modal.pageText).toContainText('Cracked lens on the left side');
  await modal.close();
  // The office prints the vehicle's label for the next inspection.
  const download = office.page.waitForEvent('download');
  await office.page.getByRole('button', { name: 'Print QR label' }).click();
  expect((await download).suggestedFilename()).toBe(`QR label ${vehicle.regNumber}.pdf`);
  // Fleet Details, reached in the app (no reload).
  await office.app.link('Fleet Details').click();
  const fleet = new FleetPage(office.page);
  await fleet.waitForRows();
  await fleet.filterByRegNumber(vehicle.regNumber);
  const today = new Date(detail.inspectionDate).toLocaleDateString('en-US', { month: '2-digit', day: '2-digit', year: 'numeric' });
  await expect.poll(() => fleet.firstRowValue('Inspection Date')).toBe(today);
  await expect.poll(() => fleet.firstRowValue('Last Inspector')).toBe('Sam Patel');
  await expect.poll(() => fleet.firstRowValue('Fuel Level')).toContain('75%');
  await office.context.close();

  await page.setViewportSize({ width: 1024, height: 768 });
  await look(page, 'sent');

  // The inspector is still refused the website.
  await page.goto('/FleetDetails');
  await expect(page.getByRole('heading', { name: /As an Inspector, you do not have access to the website\.$/ })).toBeVisible();
  await tablet.close();
});

test('a draft survives a reload and a restart of the browser with the network off; leaving it asks first', async ({ baseURL, launchOptions }) => {
  test.setTimeout(240_000);
  const inspector = await apiAs(baseURL!, demoAccount('inspector'));
  const [{ vehicle, asksHours }] = (await vehiclesToInspect(inspector, 1)) as [Awaited<ReturnType<typeof vehiclesToInspect>>[number]];
  // A browser profile on disk, as an installed app keeps its data; landscape, with touch.
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'fleet-inspect-'));
  const open = () => chromium.launchPersistentContext(profile, { ...launchOptions, baseURL, viewport: { width: 1024, height: 768 }, hasTouch: true });
  let context = await open();
  try {
    let page = context.pages()[0] ?? (await context.newPage());
    const app = new InspectApp(page);
    await app.signIn(demoAccount('inspector'));
    await waitForWorkerControl(page);
    await look(page, 'vehicles');
    // This browser has no camera: Scan says so and points to the search.
    await app.tapButton('Scan');
    const scan = page.getByRole('dialog', { name: 'Scan a vehicle label' });
    await expect(scan.getByText('This device has no camera to scan with. Search by registration instead.')).toBeVisible();
    await look(page, 'scan-no-camera');
    await scan.getByRole('button', { name: 'Cancel' }).tap();
    await app.choose(vehicle.regNumber);
    await look(page, 'start');
    await fillReadings(page, vehicle, asksHours, 3);
    await app.tapButton('Start inspection');
    await expect(page.getByText(/^Rule 1 of \d+$/)).toBeVisible();
    await look(page, 'rule');
    await app.answer((await app.heading.innerText()).trim());
    await app.tapButton('Next');
    await expect(page.getByText(/^Rule 2 of \d+$/)).toBeVisible();
    const second = (await app.heading.innerText()).trim();
    await app.answer(second);
    await page.getByLabel('Comment').fill('Noted before the reload');
    await app.tapButton('Next');
    await expect(page.getByText(/^Rule 3 of \d+$/)).toBeVisible();

    await context.setOffline(true);
    await page.reload();
    await expect(page.getByText(/^Rule 3 of \d+$/)).toBeVisible({ timeout: 20_000 });
    await app.tapButton('Back');
    await expect(app.heading).toHaveText(second);
    await expect(page.getByLabel('Comment')).toHaveValue('Noted before the reload');

    // Leaving asks; Stay stays, Leave leaves, and the vehicle shows its inspection under way.
    await page.getByRole('link', { name: 'Inspections: vehicles' }).tap();
    const leave = page.getByRole('dialog', { name: 'Leave this inspection?' });
    await expect(leave).toBeVisible();
    await look(page, 'leave');
    await leave.getByRole('button', { name: 'Stay' }).tap();
    await expect(app.heading).toHaveText(second);
    await page.getByRole('link', { name: 'Inspections: vehicles' }).tap();
    await leave.getByRole('button', { name: 'Leave' }).tap();
    await expect(page.getByRole('heading', { name: 'Choose a vehicle' })).toBeVisible();
    await expect(page.getByRole('link', { name: new RegExp(`^${vehicle.regNumber},`) }).getByText('In progress')).toBeVisible();

    // The browser closes and opens again, still without a network: the draft is where it was left.
    await context.close();
    context = await open();
    await context.setOffline(true);
    page = context.pages()[0] ?? (await context.newPage());
    await page.goto('/inspect');
    const again = new InspectApp(page);
    await again.choose(vehicle.regNumber);
    await expect(page.getByText('An inspection of this vehicle is under way')).toBeVisible();
    await look(page, 'start-under-way');
    await page.getByRole('link', { name: 'Continue' }).tap();
    await expect(again.heading).toHaveText(second);
    await expect(page.getByLabel('Comment')).toHaveValue('Noted before the reload');
    await again.answerAll();
    await look(page, 'review');
  } finally {
    await context.close();
    fs.rmSync(profile, { recursive: true, force: true });
  }
});
