import { expect, test } from '@playwright/test';
import { af1800RuleId, CRITICAL_ITEMS } from '../../core/rules/af1800-items.ts';
import type { Discrepancy } from '../../core/schema/discrepancy.ts';
import { inspectionPaths, type InspectionDetail, type InspectionResponse } from '../../core/schema/inspection.ts';
import type { VehicleWorkflow } from '../../core/schema/workflow.ts';
import { Af1800Modal } from './pages/af1800-modal.ts';
import { AppShell } from './pages/app-shell.ts';
import { FleetPage } from './pages/fleet-page.ts';
import { firstDataRow } from './pages/grid-rows.ts';
import { InspectionPage } from './pages/inspection-page.ts';
import { VehiclePage } from './pages/vehicle-page.ts';
import { VehicleTabs } from './pages/vehicle-tabs.ts';
import { apiAs, demoAccount, useOwnOrganization } from './support/accounts.ts';
import { passingResponse } from './support/inspections.ts';
import { createVehicle } from './support/vehicles.ts';

useOwnOrganization();

test.beforeEach(async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
});

type Api = Awaited<ReturnType<typeof apiAs>>;

/**
 * An inspection as an inspection client makes it from GET .../workflow: every rule due passes but
 * `failing` (an AF1800 item that does not ground the vehicle), a quarter tank of fuel, the odometers.
 */
async function inspectionOf(api: Api, vehicleId: string) {
  const workflow = (await api.get(`/data/v1/vehicles/${vehicleId}/workflow`)).body as VehicleWorkflow;
  const boolean = workflow.rules.filter((r) => r.isBoolean && r.due && r.af1800Id !== null && !CRITICAL_ITEMS.has(r.af1800Id));
  const failing = boolean[0]!;
  const readings = { miles: 20_500, hours: 1_250 };
  const responses: InspectionResponse[] = workflow.rules.flatMap((r): InspectionResponse[] => {
    if (!r.due) return [];
    if (r.ruleId === 'AF1800-15') return [{ ruleId: r.ruleId, type: 'threshold', result: { isPassing: true, value: 1 } }];
    if (r !== failing) return [passingResponse(r, readings)];
    return [{ ruleId: r.ruleId, type: 'passFail', result: { isPassing: false, value: false }, comment: 'Found during the e2e walk-around' }];
  });
  return { body: { version: workflow.version, workflowId: workflow.workflowId, ...readings, shift: 1, duration: 754, responses }, failing };
}

test('an inspection a client submits shows at once in Fleet Updates, Fleet Details, the Inspections tab, its detail and the current AF1800', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const account = demoAccount('sectionlead');
  const { vehicle } = await createVehicle(baseURL!, account);
  const app = new AppShell(page);
  const fleet = new FleetPage(page);
  await app.signInAndSync(account);
  await app.showFleetUpdates();
  await expect(app.fleetUpdates.getByText('Connecting...')).toBeHidden({ timeout: 15_000 });
  await fleet.open();
  await fleet.filterByRegNumber(vehicle.regNumber);
  await expect(fleet.row(vehicle.regNumber)).toBeVisible();

  // The inspector's client submits, as the Android app does: the browser is not reloaded after this.
  const inspector = await apiAs(baseURL!, demoAccount('inspector'));
  const { body, failing } = await inspectionOf(inspector, vehicle.vehicleId);
  const res = await inspector.call('PUT', inspectionPaths.recentV2.build({ vehicleId: vehicle.vehicleId }), body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const inspection = res.body as InspectionDetail;

  await expect(app.fleetUpdates.getByRole('article').filter({ hasText: vehicle.regNumber }).first()).toBeVisible({ timeout: 20_000 });
  const row = fleet.row(vehicle.regNumber);
  await expect(row.getByRole('img', { name: 'Warning' })).toBeVisible({ timeout: 20_000 });
  // The current AF1800 carries the inspection: its inspector's initials sign the day, its failure is on the report.
  await row.getByRole('button', { name: `Current AF1800 for ${vehicle.regNumber}` }).click();
  const modal = new Af1800Modal(page, `Current AF1800 for ${vehicle.regNumber}`);
  await modal.waitForPdf();
  await expect(modal.pageText).toContainText(/SP$/);
  await modal.nextPage();
  await expect(modal.pageText).toContainText('Found during the e2e walk-around');
  await modal.close();

  const today = new Date(inspection.inspectionDate).toLocaleDateString('en-US', { month: '2-digit', day: '2-digit', year: 'numeric' });
  await expect.poll(() => fleet.firstRowValue('Inspection Date')).toBe(today);
  await expect.poll(() => fleet.firstRowValue('Last Inspector')).toBe('Sam Patel');
  await expect.poll(() => fleet.firstRowValue('Fuel Level')).toContain('25%');

  // The vehicle: the Inspections tab lists it, its row opens the detail with the failure highlighted.
  const tabs = new VehicleTabs(page);
  await fleet.firstRowValue('Reg Number');
  await row.getByRole('link', { name: vehicle.regNumber, exact: true }).click();
  await new VehiclePage(page).waitFor(vehicle.regNumber);
  await tabs.open('Inspections');
  const listed = page.getByRole('table', { name: 'Inspections' }).getByRole('row').filter({ hasText: 'Sam Patel' });
  await expect(listed).toHaveCount(1);
  await listed.getByRole('link', { name: /^Open inspection of / }).click();
  await expect(page).toHaveURL(new RegExp(`/Vehicle/${vehicle.regNumber}/inspection/${inspection.inspectionId}$`, 'i'));
  const detail = new InspectionPage(page);
  await detail.waitFor(vehicle.regNumber);
  await expect(detail.field('Status')).toHaveText('Invalid');
  await expect(detail.field('Inspector')).toHaveText('Sam Patel (shift 1)');
  await detail.search.fill('Found during the e2e walk-around');
  const failed = firstDataRow(detail.results);
  await expect(failed.locator('td').first()).toHaveText(failing.ruleId);
  await expect(await detail.cell(failed, 'Passed?')).toHaveText('No');
  await expect(await detail.cell(failed, 'Comment')).toHaveText('Found during the e2e walk-around');
});

test('a supervisor amends a previous AF1800 from Required Mx: the amendment shows on the inspection and in the discrepancies', async ({ page, baseURL }) => {
  test.setTimeout(180_000);
  const account = demoAccount('sectionlead');
  const { vehicle, api } = await createVehicle(baseURL!, account);
  const inspector = await apiAs(baseURL!, demoAccount('inspector'));
  const { body } = await inspectionOf(inspector, vehicle.vehicleId);
  const passing = {
    ...body,
    responses: body.responses.map((r) => ({ ...r, result: { isPassing: true, value: r.type === 'passFail' ? true : r.result.value }, comment: undefined })),
  };
  const submitted = await inspector.call('PUT', inspectionPaths.recentV2.build({ vehicleId: vehicle.vehicleId }), passing);
  expect(submitted.status).toBe(201);
  const inspection = submitted.body as InspectionDetail;

  const app = new AppShell(page);
  const tabs = new VehicleTabs(page);
  await app.signInAndSync(account);
  await new VehiclePage(page).open(vehicle.regNumber);
  await tabs.openMaintenance('Required');
  await page.getByRole('button', { name: 'Report New Discrepancy' }).click();
  const dialog = tabs.dialog('Report New Discrepancy');
  // Offered once a rule is chosen and miles (or hours) are reported.
  await expect(dialog.getByLabel('Amend Previous AF1800')).toBeDisabled();
  await dialog.getByLabel('Rule').click();
  const option = page.getByRole('option').first();
  const ruleLabel = (await option.innerText()).trim();
  const itemNo = Number(/^AF1800-(\d+)/.exec(ruleLabel)![1]);
  await option.click();
  await dialog.getByLabel('Discrepancy').fill('Horn intermittent, found on dispatch');
  await dialog.getByLabel('Report Miles', { exact: true }).check();
  await dialog.getByLabel('Report Miles (Required)').fill('20600');
  await dialog.getByLabel('Amend Previous AF1800').check();
  await expect(dialog.getByLabel('Date Discovered')).toBeHidden();
  await expect(dialog.getByLabel('AF1800 to Amend')).toHaveValue(/Sam Patel/);
  await dialog.getByRole('button', { name: 'Report' }).click();
  await expect(dialog).toBeHidden();

  // The discrepancy shows at once, from the inspection it amends, and the server has both.
  const grid = page.getByRole('table', { name: 'Required maintenance' });
  await expect(grid.getByRole('row').filter({ hasText: 'Horn intermittent, found on dispatch' })).toBeVisible();
  await expect(app.syncStatus).not.toContainText('pending', { timeout: 20_000 });
  await expect
    .poll(async () =>
      ((await api.get(`/data/v1/vehicles/${vehicle.vehicleId}/mx/required`)).body as Discrepancy[]).map((d) => [d.itemNo, d.parentInspectionId, d.reportMiles]),
    )
    .toEqual([[itemNo, inspection.inspectionId, 20_600]]);
  const amended = (await api.get(inspectionPaths.detail.build({ vehicleId: vehicle.vehicleId, inspectionId: inspection.inspectionId }))).body as InspectionDetail;
  expect(amended.passed).toBe(false);
  expect(amended.results.at(-1)).toMatchObject({ ruleId: af1800RuleId(itemNo), comment: 'Horn intermittent, found on dispatch', amendedBy: 'Casey Nguyen' });

  // The inspection's detail shows the amendment, who made it and when.
  const detail = new InspectionPage(page);
  await detail.open(vehicle.regNumber, inspection.inspectionId);
  await detail.search.fill('Horn intermittent');
  const row = firstDataRow(detail.results);
  await expect(row.locator('td').first()).toHaveText(af1800RuleId(itemNo));
  await expect(await detail.cell(row, 'Comment')).toHaveText(/^Amended \d\d\/\d\d\/\d{4} \d\d:\d\d by Casey Nguyen: Horn intermittent, found on dispatch$/);
});
