import { expect, test } from '@playwright/test';
import { AppShell } from './pages/app-shell.ts';
import { firstDataRow } from './pages/grid-rows.ts';
import { InspectionPage } from './pages/inspection-page.ts';
import { VehiclePage } from './pages/vehicle-page.ts';
import { VehicleTabs } from './pages/vehicle-tabs.ts';
import { addVehicleFiles, photo } from './support/files.ts';
import { olderInspections, pickInspections, seededInspections } from './support/inspections.ts';
import { createVehicle } from './support/vehicles.ts';
import { apiAs, demoAccount, useOwnOrganization } from './support/accounts.ts';
import { expectNoHorizontalOverflow, shot, SIZES } from './support/screenshots.ts';
import { waitForWorkerControl } from './support/service-worker.ts';

useOwnOrganization();

for (const size of SIZES) {
  test(`the Notes and Washes tabs fit ${size.width}x${size.height}, with their dialogs`, async ({ page, baseURL }) => {
    await page.setViewportSize(size);
    const { vehicle, api } = await createVehicle(baseURL!, demoAccount('sectionlead'));
    const notes = `/data/v1/vehicles/${vehicle.vehicleId}/notes`;
    await api.post(notes, { note: 'Left mirror cracked; driver side. Parts ordered, ETA Friday.' });
    await api.post(notes, { note: 'Mirror replaced. Check the rear marker lights at the next inspection.' });
    const washes = `/data/v1/vehicles/${vehicle.vehicleId}/wash`;
    for (const days of [1, 8, 15]) await api.post(washes, { washDate: new Date(Date.now() + days * 86_400_000).toISOString() });
    const tabs = new VehicleTabs(page);
    await new AppShell(page).signInAndSync(demoAccount('sectionlead'));
    await new VehiclePage(page).open(vehicle.regNumber);

    await tabs.open('Washes');
    await expect(tabs.washRows()).toHaveCount(3);
    await expectNoHorizontalOverflow(page);
    await shot(page, 'washes', size);
    await page
      .getByRole('button', { name: /^Edit wash of / })
      .first()
      .click();
    await tabs.dialog('Edit Wash').getByLabel('Completed', { exact: true }).check();
    await shot(page, 'edit-wash', size);
    // Escape on a changed dialog asks first (FormModal): the question, then Discard.
    await page.keyboard.press('Escape');
    await expect(tabs.dialog('Edit Wash').getByText('Discard what you typed?')).toBeVisible();
    await shot(page, 'edit-wash-discard', size);
    await tabs.dialog('Edit Wash').getByRole('button', { name: 'Discard' }).click();
    await expect(tabs.dialog('Edit Wash')).toBeHidden();

    await tabs.open('Notes');
    await page.getByRole('button', { name: 'Show History' }).click();
    await expect(page.getByLabel('Note history')).toContainText('Left mirror cracked');
    await expectNoHorizontalOverflow(page);
    await shot(page, 'notes', size);
    await page.getByRole('button', { name: 'Update', exact: true }).click();
    await shot(page, 'update-note', size);
  });
}

for (const size of SIZES) {
  test(`the Maintenance and TDY tabs fit ${size.width}x${size.height}, with their dialogs`, async ({ page, baseURL }) => {
    await page.setViewportSize(size);
    const { vehicle, api } = await createVehicle(baseURL!, demoAccount('sectionlead'));
    const at = (kind: string) => `/data/v1/vehicles/${vehicle.vehicleId}/mx/${kind}`;
    const day = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();
    for (const [days, mxType] of [
      [-2, 'Brakes'],
      [6, 'Oil change'],
      [20, 'Tyre rotation'],
    ] as const)
      await api.post(at('scheduled'), { mxDate: day(days), mxType });
    const done = (await api.post(at('lti'), { mxDate: day(-30) })).body as { ltiId: string };
    await api.patch(`/data/v1/organizations/${vehicle.orgId}/mx/lti/${done.ltiId}`, { completed: true, passed: true, notes: 'Brakes within limits' });
    await api.post(at('lti'), { mxDate: day(60) });
    await api.post(at('pmi'), { mxDate: day(12) });
    await api.post('/data/v2/tdy', {
      regNumber: vehicle.regNumber,
      startDate: day(0).slice(0, 10),
      endDate: day(14).slice(0, 10),
      description: 'Exercise Red Flag, Nellis AFB',
    });
    const tabs = new VehicleTabs(page);
    await new AppShell(page).signInAndSync(demoAccount('sectionlead'));
    await new VehiclePage(page).open(vehicle.regNumber);

    await tabs.openMaintenance('Required');
    await shot(page, 'maintenance-required', size);
    await page.getByRole('button', { name: 'Report New Discrepancy' }).click();
    await tabs.dialog('Report New Discrepancy').getByLabel('Discrepancy').fill('Left headlight out');
    await shot(page, 'report-discrepancy', size);
    await tabs.dialog('Report New Discrepancy').getByLabel('Rule').click();
    await page.getByRole('option').first().click();
    await tabs.dialog('Report New Discrepancy').getByRole('button', { name: 'Report' }).click();
    await page.getByText('Show Details').click();
    await expectNoHorizontalOverflow(page);
    await shot(page, 'maintenance-required-details', size);
    await page.getByRole('button', { name: /^Edit AF1800-/ }).click();
    await shot(page, 'edit-discrepancy', size);
    await page.keyboard.press('Escape');

    await tabs.openMaintenance('Scheduled');
    await expect(tabs.rows('Scheduled maintenance')).toHaveCount(3);
    await expectNoHorizontalOverflow(page);
    await shot(page, 'maintenance-scheduled', size);
    await page.getByRole('button', { name: 'Schedule Mx' }).click();
    await shot(page, 'schedule-mx', size);
    await page.keyboard.press('Escape');

    await tabs.openMaintenance('LTI');
    await page.getByText('Show Completed LTI').click();
    await expect(tabs.rows('LTIs')).toHaveCount(2);
    await expectNoHorizontalOverflow(page);
    await shot(page, 'maintenance-lti', size);
    await page
      .getByRole('button', { name: /^Edit LTI of / })
      .first()
      .click();
    await shot(page, 'edit-lti', size);
    await page.keyboard.press('Escape');

    await tabs.open('TDY');
    await expect(tabs.rows('TDYs')).toHaveCount(1);
    await expectNoHorizontalOverflow(page);
    await shot(page, 'tdy', size);
    await page.getByRole('button', { name: /^Edit TDY of / }).click();
    await shot(page, 'edit-tdy', size);
  });

  test(`the Waivers and Documents tabs and the image viewer fit ${size.width}x${size.height}`, async ({ page, baseURL }) => {
    await page.setViewportSize(size);
    const { vehicle, api } = await createVehicle(baseURL!, demoAccount('sectionlead'));
    await addVehicleFiles(api, vehicle);
    const tabs = new VehicleTabs(page);
    await new AppShell(page).signInAndSync(demoAccount('sectionlead'));
    await new VehiclePage(page).open(vehicle.regNumber);

    await tabs.open('Waivers');
    await expect(page.getByText('Horn weak, replacement on order')).toBeVisible();
    await expectNoHorizontalOverflow(page);
    await shot(page, 'waivers', size);
    await page.getByRole('button', { name: /^2 pictures of waiver / }).click();
    const viewer = page.getByRole('dialog', { name: /^Pictures of waiver / });
    await expect(viewer.getByRole('img', { name: /^horn/ })).toBeVisible();
    await shot(page, 'image-viewer', size);
    await viewer.getByRole('button', { name: 'Zoom in' }).click();
    await page.waitForTimeout(600);
    await shot(page, 'image-viewer-zoomed', size);
    await viewer.getByRole('button', { name: 'Edit Caption' }).click();
    await shot(page, 'image-viewer-caption', size);
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Add Waiver' }).click();
    await shot(page, 'add-waiver', size);
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'View waiver card' }).click();
    await expect(page.getByRole('dialog', { name: /^Waiver card of / }).getByText(`Waiver card ${vehicle.regNumber}`)).toBeVisible({ timeout: 20_000 });
    await shot(page, 'waiver-card', size);
    await page.keyboard.press('Escape');

    await tabs.open('Documents');
    await expect(tabs.rows('Documents')).toHaveCount(2);
    await expectNoHorizontalOverflow(page);
    await shot(page, 'documents', size);
    await page.getByRole('button', { name: 'Upload Documents' }).click();
    await tabs
      .dialog('Upload Documents')
      .getByLabel('Choose files')
      .setInputFiles([photo('door.png', 60)]);
    await tabs.dialog('Upload Documents').getByLabel('Description').fill('Driver door dent');
    await shot(page, 'upload-documents', size);
  });
}

for (const size of SIZES) {
  test(`the Inspections tab and the inspection detail fit ${size.width}x${size.height}, online and offline`, async ({ page, context, baseURL }) => {
    test.setTimeout(120_000);
    await page.setViewportSize(size);
    const api = await apiAs(baseURL!, demoAccount('sectionlead'));
    const seeded = await seededInspections(api);
    const { vehicle, pictured } = pickInspections(seeded);
    const [older] = await olderInspections(api, seeded, vehicle);
    await new AppShell(page).signInAndSync(demoAccount('sectionlead'));
    await new VehiclePage(page).open(vehicle.regNumber);
    await expect(firstDataRow(page.getByRole('table', { name: 'Inspections' }))).toBeVisible();
    await expectNoHorizontalOverflow(page);
    await shot(page, 'inspections', size);

    const detail = new InspectionPage(page);
    await detail.open(pictured.vehicle.regNumber, pictured.inspection.inspectionId);
    await expect(firstDataRow(detail.results)).toBeVisible();
    await expectNoHorizontalOverflow(page);
    await shot(page, 'inspection-detail', size);
    await detail.row(pictured.result.ruleId);
    await shot(page, 'inspection-detail-failed-row', size);
    await detail.openPictures(pictured.result.ruleId);
    await shot(page, 'inspection-pictures', size);
    await page.keyboard.press('Escape');

    await waitForWorkerControl(page);
    await context.setOffline(true);
    await detail.open(vehicle.regNumber, older);
    await expect(page.getByText(/cannot be loaded offline/)).toBeVisible();
    await expectNoHorizontalOverflow(page);
    await shot(page, 'inspection-detail-offline', size);
    await context.setOffline(false);
    await expect(firstDataRow(detail.results)).toBeVisible({ timeout: 30_000 });
    await shot(page, 'inspection-detail-older', size);
  });
}
