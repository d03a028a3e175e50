import { expect, test, type Locator, type Page } from '@playwright/test';
import type { DiscrepancyWithPictures } from '../../core/schema/discrepancy.ts';
import type { Document } from '../../core/schema/document.ts';
import type { WaiverList } from '../../core/schema/waiver.ts';
import { AppShell } from './pages/app-shell.ts';
import { FleetPage } from './pages/fleet-page.ts';
import { VehiclePage } from './pages/vehicle-page.ts';
import { VehicleTabs } from './pages/vehicle-tabs.ts';
import { demoAccount, useOwnOrganization } from './support/accounts.ts';
import { addVehicleFiles, pdf, photo } from './support/files.ts';
import { recordPushes } from './support/push-log.ts';
import { createVehicle } from './support/vehicles.ts';
import { waitForWorkerControl } from './support/service-worker.ts';

useOwnOrganization();

test.beforeEach(async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
});

/** Chooses files in a file picker of a dialog (the file chooser stands in for the camera). */
const choose = (scope: Locator, files: { name: string; mimeType: string; buffer: Buffer }[], label: string | RegExp = /^Choose/) =>
  scope.getByLabel(label).setInputFiles(files);

async function openVehicle(page: Page, baseURL: string, account = demoAccount('sectionlead')) {
  const { vehicle, api } = await createVehicle(baseURL, demoAccount('sectionlead'));
  const app = new AppShell(page);
  await app.signInAndSync(account);
  await new VehiclePage(page).open(vehicle.regNumber);
  const server = {
    required: async () => (await api.get(`/data/v1/vehicles/${vehicle.vehicleId}/mx/required`)).body as DiscrepancyWithPictures[],
    documents: async () => (await api.get(`/data/v1/vehicles/${vehicle.vehicleId}/files/aux`)).body as Document[],
    waivers: async () => (await api.get(`/data/v1/vehicles/${vehicle.vehicleId}/waivers`)).body as WaiverList,
  };
  return { vehicle, api, app, server, tabs: new VehicleTabs(page) };
}

test('offline, a photographed defect and a document wait through a reload and land exactly once, with a caption edited offline', async ({
  page,
  context,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const pushes = recordPushes(page);
  const { app, server, tabs, vehicle } = await openVehicle(page, baseURL!);
  await waitForWorkerControl(page);
  await context.setOffline(true);

  // A defect reported with its photo: the image is required once 'Upload image' is ticked.
  await tabs.openMaintenance('Required');
  await page.getByRole('button', { name: 'Report New Discrepancy' }).click();
  const report = tabs.dialog('Report New Discrepancy');
  await report.getByLabel('Rule').click();
  await page.getByRole('option').first().click();
  await report.getByLabel('Discrepancy').fill('Cracked windshield');
  await report.getByLabel('Upload image').check();
  await expect(report.getByRole('button', { name: 'Report' })).toBeDisabled();
  await choose(report, [photo('windshield.png', 40)], 'Choose image');
  await expect(report.getByText('windshield.png')).toBeVisible();
  await report.getByRole('button', { name: 'Report' }).click();
  await expect(report).toBeHidden();
  const grid = page.getByRole('table', { name: 'Required maintenance' });
  await grid.getByRole('button', { name: /^1 pictures of AF1800-/ }).click();
  const pictures = page.getByRole('dialog', { name: /^Pictures of AF1800-/ });
  await expect(pictures.getByRole('img', { name: 'windshield.png' })).toBeVisible();
  await expect(pictures.getByText('Waiting to upload')).toBeVisible();
  // The caption, edited offline on a picture the server has not seen yet.
  await pictures.getByRole('button', { name: 'Edit Caption' }).click();
  await pictures.getByLabel('Caption').fill('  Crack runs from the driver side  ');
  await pictures.getByRole('button', { name: 'Save Caption' }).click();
  await expect(pictures.getByText('Crack runs from the driver side')).toBeVisible();
  await page.keyboard.press('Escape');

  await tabs.open('Documents');
  await page.getByRole('button', { name: 'Upload Documents' }).click();
  const upload = tabs.dialog('Upload Documents');
  await choose(upload, [pdf('registration.pdf', 'Registration E2E')], 'Choose files');
  await upload.getByLabel('Description').fill('Registration card');
  await upload.getByRole('button', { name: 'Upload' }).click();
  await expect(upload).toBeHidden();
  await expect(tabs.rows('Documents')).toHaveCount(1);
  await expect(tabs.rows('Documents').getByLabel('Waiting to sync')).toBeVisible();

  // A reload, still offline: both wait on the device.
  await page.reload();
  await expect(app.syncStatus).toContainText('Offline');
  await expect(page.getByRole('button', { name: '2 uploads' })).toBeVisible();
  await tabs.open('Documents');
  await expect(tabs.rows('Documents').getByLabel('Waiting to sync')).toBeVisible();
  expect(await server.documents()).toEqual([]);

  await context.setOffline(false);
  await app.waitSynced();
  await expect(page.getByRole('button', { name: '2 uploads' })).toHaveCount(0);
  const [discrepancy] = await server.required();
  expect(discrepancy).toMatchObject({ discrepancy: 'Cracked windshield' });
  expect(discrepancy!.pictures).toEqual([expect.objectContaining({ annotation: 'Crack runs from the driver side' })]);
  expect(await server.documents()).toEqual([
    expect.objectContaining({ description: 'Registration card', mimeType: 'application/pdf', filename: 'registration.pdf' }),
  ]);
  // Each change landed once: no push was applied twice.
  const applied = pushes.filter((r) => r.status === 'applied').map((r) => r.id);
  expect(new Set(applied).size).toBe(applied.length);

  // Fleet Details' Most Recent Annotation follows the caption.
  const fleet = new FleetPage(page);
  await page.getByRole('link', { name: 'Fleet Details' }).click();
  await fleet.waitForRows();
  await fleet.filterByRegNumber(vehicle.regNumber);
  await expect(fleet.row(vehicle.regNumber)).toBeVisible();
  await expect.poll(() => fleet.firstRowValue('Most Recent Annotation')).toBe('Crack runs from the driver side');
});

test('waivers with a card on file and pictures, the viewer’s zoom and caption, documents uploaded, edited and deleted', async ({ page, baseURL }) => {
  test.setTimeout(240_000);
  const { server, tabs, app } = await openVehicle(page, baseURL!);
  await tabs.open('Waivers');
  await expect(page.getByText('No card on file')).toBeVisible();

  await page.getByRole('button', { name: 'Upload Waiver Card' }).click();
  const cardDialog = tabs.dialog('Upload Waiver Card');
  await choose(cardDialog, [pdf('waiver-card.pdf', 'Waiver card E2E')], 'Choose file');
  await cardDialog.getByRole('button', { name: 'Upload' }).click();
  await expect(page.getByText('No card on file')).toHaveCount(0);
  await page.getByRole('button', { name: 'View waiver card' }).click();
  const cardViewer = page.getByRole('dialog', { name: /^Waiver card of / });
  await expect(cardViewer.getByText('Waiver card E2E')).toBeVisible({ timeout: 20_000 });
  await page.keyboard.press('Escape');

  await page.getByRole('button', { name: 'Add Waiver' }).click();
  const create = tabs.dialog('Add Waiver');
  await expect(create.getByLabel('Type')).toHaveValue('Warning');
  await create.getByLabel('Rule').click();
  await page.getByRole('option').first().click();
  await create.getByLabel('Explanation').fill('Mirror bracket bent, road safe');
  await choose(create, [photo('bracket-1.png', 10), photo('bracket-2.png', 220)], 'Choose images');
  await create.getByRole('button', { name: 'Create' }).click();
  await expect(create).toBeHidden();
  const waivers = page.getByRole('table', { name: 'Waivered Items' });
  await expect(waivers.getByText('Open')).toBeVisible();

  await waivers.getByRole('button', { name: /^2 pictures of waiver / }).click();
  const viewer = page.getByRole('dialog', { name: /^Pictures of waiver / });
  const image = viewer.getByRole('img', { name: /^bracket-\d\.png$/ });
  await expect(image).toBeVisible();
  const first = await image.getAttribute('alt');
  const second = first === 'bracket-1.png' ? 'bracket-2.png' : 'bracket-1.png';
  await viewer.getByRole('button', { name: 'Zoom in' }).click();
  await expect(image).toHaveCSS('transform', 'matrix(2, 0, 0, 2, 0, 0)');
  await viewer.getByRole('button', { name: 'Zoom out' }).click();
  await expect(image).toHaveCSS('transform', 'matrix(1, 0, 0, 1, 0, 0)');
  await viewer.getByRole('button', { name: 'Next picture' }).click();
  await expect(viewer.getByRole('img', { name: second })).toBeVisible();
  await viewer.getByRole('button', { name: 'Edit Caption' }).click();
  await expect(viewer.getByRole('button', { name: 'Save Caption' })).toBeDisabled();
  await viewer.getByLabel('Caption').fill('Bracket, close up');
  await viewer.getByRole('button', { name: 'Save Caption' }).click();
  await expect(viewer.getByText('Bracket, close up')).toBeVisible();
  await viewer.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('dialog', { name: 'Delete Picture' }).getByRole('button', { name: 'Delete' }).click();
  await expect(viewer.getByText('1 of 1')).toBeVisible();
  await page.keyboard.press('Escape');

  await page.getByRole('button', { name: /^Edit waiver / }).click();
  const edit = tabs.dialog('Edit Waiver');
  await edit.getByLabel('Status').click();
  await page.getByRole('option', { name: 'Fixed' }).click();
  await edit.getByRole('button', { name: 'Update' }).click();
  await expect(waivers.getByText('Fixed')).toBeVisible();

  await tabs.open('Documents');
  await page.getByRole('button', { name: 'Upload Documents' }).click();
  const upload = tabs.dialog('Upload Documents');
  await upload.getByLabel('Description').fill('x'.repeat(51));
  await upload.getByLabel('Description').blur();
  await expect(upload.getByText('Descriptions must contain 50 characters or fewer.')).toBeVisible();
  await upload.getByLabel('Description').fill('Damage photo');
  await upload.getByTestId('file-drop-zone').dispatchEvent('drop', {
    dataTransfer: await page.evaluateHandle(
      (bytes) => {
        const transfer = new DataTransfer();
        transfer.items.add(new File([new Uint8Array(bytes)], 'damage.png', { type: 'image/png' }));
        return transfer;
      },
      [...photo('damage.png', 77).buffer],
    ),
  });
  await expect(upload.getByText('damage.png')).toBeVisible();
  await upload.getByRole('button', { name: 'Upload' }).click();
  await expect(tabs.rows('Documents')).toHaveCount(1);
  await expect.poll(() => tabs.columnTexts('Documents', 'File Type')).toEqual(['PNG image']);
  await page.getByRole('button', { name: 'Edit damage.png' }).click();
  await tabs.dialog('Edit Document').getByLabel('Description').fill('Front bumper damage');
  await tabs.dialog('Edit Document').getByRole('button', { name: 'Update' }).click();
  await expect.poll(() => tabs.columnTexts('Documents', 'Description')).toEqual(['Front bumper damage']);
  await page.getByRole('button', { name: 'View damage.png' }).click();
  await expect(page.getByRole('dialog', { name: 'Front bumper damage' }).getByRole('img', { name: 'damage.png' })).toBeVisible();
  await page.keyboard.press('Escape');

  await app.waitSynced();
  const list = await server.waivers();
  expect(list.waiverCardFile).toMatchObject({ mimeType: 'application/pdf' });
  expect(list.waiveredItems).toEqual([expect.objectContaining({ status: 'fixed', explanation: 'Mirror bracket bent, road safe', closingDate: expect.any(String) })]);
  expect(list.waiveredItems[0]!.pictures).toEqual([expect.objectContaining({ filename: first })]);
  expect(await server.documents()).toEqual([expect.objectContaining({ description: 'Front bumper damage', mimeType: 'image/png' })]);

  await page.getByRole('button', { name: 'Delete damage.png' }).click();
  await page.getByRole('dialog', { name: 'Delete Document' }).getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('No Data')).toBeVisible();
  await app.waitSynced();
  expect(await server.documents()).toEqual([]);
});

test('a file the server refuses shows its message in a dialog, and the record’s other changes stay', async ({ page, baseURL }) => {
  test.setTimeout(120_000);
  const { server, tabs } = await openVehicle(page, baseURL!);
  await tabs.open('Waivers');
  await page.getByRole('button', { name: 'Add Waiver' }).click();
  const create = tabs.dialog('Add Waiver');
  await create.getByLabel('Rule').click();
  await page.getByRole('option').first().click();
  await create.getByLabel('Explanation').fill('Seat belt frayed');
  // Over the e2e server's upload limit (tests/e2e/global-setup.ts), and no image a browser can decode
  // and scale down: the device sends it as it is, and the server refuses it by its size.
  const big = Buffer.concat([photo('huge.png', 5).buffer.subarray(0, 8), Buffer.alloc(1024 * 1024 + 1, 1)]);
  await choose(create, [{ name: 'huge.png', mimeType: 'image/png', buffer: big }], 'Choose images');
  await create.getByRole('button', { name: 'Create' }).click();

  const refused = page.getByRole('dialog', { name: 'Upload failed' });
  await expect(refused.getByText('File is too large. Please try another file or resizing this file.')).toBeVisible({ timeout: 30_000 });
  await refused.getByRole('button', { name: 'OK' }).click();
  await expect(refused).toBeHidden();
  await expect.poll(async () => (await server.waivers()).waiveredItems.map((w) => [w.explanation, w.pictures.length])).toEqual([['Seat belt frayed', 0]]);
  await expect(page.getByRole('table', { name: 'Waivered Items' }).getByRole('button', { name: /pictures of waiver/ })).toHaveText('Add');
});

test('a dispatcher sees waivers, pictures and documents without any control to change them', async ({ page, baseURL }) => {
  test.setTimeout(120_000);
  const { vehicle, api } = await createVehicle(baseURL!, demoAccount('sectionlead'));
  await addVehicleFiles(api, vehicle);

  const tabs = new VehicleTabs(page);
  await new AppShell(page).signInAndSync(demoAccount('dispatcher'));
  await new VehiclePage(page).open(vehicle.regNumber);
  await tabs.open('Waivers');
  await expect(page.getByRole('button', { name: 'Upload Waiver Card' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Add Waiver' })).toHaveCount(0);
  await expect(page.getByText('Horn weak, replacement on order')).toBeVisible();
  await page.getByRole('button', { name: /^2 pictures of waiver / }).click();
  const viewer = page.getByRole('dialog', { name: /^Pictures of waiver / });
  await expect(viewer.getByRole('img', { name: /^horn/ })).toBeVisible();
  await expect(viewer.getByRole('button', { name: 'Edit Caption' })).toHaveCount(0);
  await expect(viewer.getByRole('button', { name: 'Delete' })).toHaveCount(0);
  await expect(viewer.getByText('Add Pictures')).toHaveCount(0);
  await page.keyboard.press('Escape');

  await page.getByRole('button', { name: 'View waiver card' }).click();
  await expect(page.getByRole('dialog', { name: /^Waiver card of / }).getByText(`Waiver card ${vehicle.regNumber}`)).toBeVisible({ timeout: 20_000 });
  await page.keyboard.press('Escape');

  await tabs.open('Documents');
  await expect(tabs.rows('Documents')).toHaveCount(2);
  await expect(page.getByRole('button', { name: 'Upload Documents' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Edit / })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'View manual.pdf' })).toBeVisible();
});
