import { expect, test } from '@playwright/test';
import { AppShell } from './pages/app-shell.ts';
import { FleetPage } from './pages/fleet-page.ts';
import { VehiclePage } from './pages/vehicle-page.ts';
import { apiAs, demoAccount, useOwnOrganization } from './support/accounts.ts';
import { createVehicle } from './support/vehicles.ts';
import { waitForWorkerControl } from './support/service-worker.ts';

useOwnOrganization();

interface ApiVehicle {
  vehicleId: string;
  regNumber: string;
  make: string | null;
  model: string | null;
  lastReportedHours: number | null;
  decommissionDate: string | null;
}

test('vehicle edits made offline show at once and land after reconnecting', async ({ page, context, baseURL }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  const api = await apiAs(baseURL!, demoAccount('sectionlead'));
  const vehicles = (await api.get('/data/v2/vehicles')).body as ApiVehicle[];
  const vehicle = vehicles.find((v) => v.decommissionDate === null && !v.regNumber.startsWith('E2E'))!;
  const app = new AppShell(page);
  await app.signInAndSync(demoAccount('sectionlead'));
  await page.goto(`/Vehicle/${vehicle.regNumber}`);
  await expect(page.getByRole('heading', { name: vehicle.regNumber })).toBeVisible();
  await waitForWorkerControl(page);

  await context.setOffline(true);
  const hours = (vehicle.lastReportedHours ?? 0) + 1234;
  await page.getByRole('button', { name: 'Edit hours' }).click();
  const hoursDialog = page.getByRole('dialog', { name: 'Update Hours' });
  await hoursDialog.getByLabel(/^Hours/).fill(hours.toLocaleString('en-US'));
  await hoursDialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(hours.toLocaleString('en-US'))).toBeVisible();

  await page.getByRole('button', { name: 'Edit description' }).click();
  const description = page.getByRole('dialog', { name: 'Edit Description' });
  await description.getByLabel('Make').fill('  Oshkosh ');
  await description.getByLabel('Model').fill('M1070');
  await description.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(/Oshkosh M1070/)).toBeVisible();

  const newReg = `OFF-${String(Date.now()).slice(-6)}`;
  await page.getByRole('button', { name: 'Edit registration number' }).click();
  const reg = page.getByRole('dialog', { name: 'Edit Registration Number' });
  await reg.getByLabel(/^Registration Number/).fill(newReg);
  await reg.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('heading', { name: newReg })).toBeVisible();
  await expect(app.syncStatus).toContainText('Offline');
  await expect(app.syncStatus).toContainText('pending');

  await context.setOffline(false);
  await expect(app.syncStatus).toContainText('All changes saved', { timeout: 30_000 });
  const saved = ((await api.get('/data/v2/vehicles')).body as ApiVehicle[]).find((v) => v.vehicleId === vehicle.vehicleId)!;
  expect(saved).toMatchObject({ regNumber: newReg, make: 'Oshkosh', model: 'M1070', lastReportedHours: hours });
});

test('a status change made offline shows at once in the header and in Fleet Details, waits as pending, and lands after reconnecting', async ({
  page,
  context,
  baseURL,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  const account = demoAccount('jrsuper');
  const { vehicle, serverCopy } = await createVehicle(baseURL!, account);
  const app = new AppShell(page);
  const header = new VehiclePage(page);
  const fleet = new FleetPage(page);
  await app.signInAndSync(account);
  await header.open(vehicle.regNumber);
  await expect(header.field('Status')).toHaveText('FMC');
  await waitForWorkerControl(page);

  await context.setOffline(true);
  await expect(app.syncStatus).toContainText('Offline');
  await header.setStatus('Inoperable');
  await expect(header.field('Status')).toHaveText('Inoperable');
  await expect(header.field('Status').getByRole('img', { name: 'Inoperable' })).toBeVisible();
  await expect(header.pending).toBeVisible();
  await expect(app.syncStatus).toContainText('1 pending');

  await app.link('Fleet Details').click();
  await fleet.waitForRows();
  await fleet.filterByRegNumber(vehicle.regNumber);
  await expect(fleet.row(vehicle.regNumber).getByRole('img', { name: 'Inoperable' })).toBeVisible();
  await expect(fleet.rowCount).toHaveText(/^1 of \d+ rows$/);
  expect((await serverCopy()).status[0]?.status).toBe('valid');

  await context.setOffline(false);
  await expect.poll(async () => (await serverCopy()).status[0]?.status, { timeout: 30_000 }).toBe('invalid');
  await expect(app.syncStatus).toContainText('All changes saved', { timeout: 30_000 });
  // The server's copy, pulled back, replaces the optimistic one: still Inoperable.
  await expect(fleet.row(vehicle.regNumber).getByRole('img', { name: 'Inoperable' })).toBeVisible();

  await fleet.row(vehicle.regNumber).getByRole('link', { name: vehicle.regNumber, exact: true }).click();
  await page.reload();
  await header.waitFor(vehicle.regNumber);
  await expect(header.field('Status')).toHaveText('Inoperable');
  await expect(header.pending).toBeHidden();
});
