import { expect, test } from '@playwright/test';
import { AppShell } from './pages/app-shell.ts';
import { apiAs, demoAccount } from './support/accounts.ts';

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
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);

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
