import { expect, test } from '@playwright/test';
import { AppShell } from './pages/app-shell.ts';
import { VehiclePage } from './pages/vehicle-page.ts';
import { demoAccount, useOwnOrganization } from './support/accounts.ts';
import { createVehicle } from './support/vehicles.ts';

useOwnOrganization();

// A device far west of UTC: the EOL date is a calendar day and must not move by one on the way.
test.use({ timezoneId: 'Pacific/Honolulu' });

test.beforeEach(async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
});

test('a supervisor edits section, workflow, type, year, EOL date and WRM in the vehicle header; each shows at once and survives a reload', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const account = demoAccount('sectionlead');
  const { vehicle, serverCopy } = await createVehicle(baseURL!, account, { make: 'Ford', model: 'F-250' });
  const app = new AppShell(page);
  const header = new VehiclePage(page);
  await app.signInAndSync(account);
  await header.open(vehicle.regNumber);
  await expect(header.field('Year / Make / Model')).toHaveText('Ford F-250');
  await expect(header.field('EOL Date')).toHaveText('N/A');
  await expect(header.field('WRM')).toHaveText('No');
  const section = (await header.field('Section').innerText()).trim();
  const workflow = (await header.field('Inspection Workflow').innerText()).trim();
  expect(section).not.toBe('N/A');
  expect(workflow).not.toBe('N/A');

  const newSection = await header.pickAnother('Edit section', 'Section');
  expect(newSection).not.toBe(section);
  await expect(header.field('Section')).toHaveText(newSection);

  const newWorkflow = await header.pickAnother('Edit inspection workflow', 'Workflow');
  expect(newWorkflow).not.toBe(workflow);
  await expect(header.field('Inspection Workflow')).toHaveText(newWorkflow);

  // A type the organization does not have yet: it is created with the change.
  await header.editDescription(async (dialog) => {
    await dialog.getByLabel('Vehicle Type').fill('Wrecker 5T');
    await dialog.getByLabel('Make').click();
  });
  await expect(header.field('Type')).toHaveText('Wrecker 5T');

  await header.editDescription((dialog) => dialog.getByLabel('Year').fill('2019'));
  await expect(header.field('Year / Make / Model')).toHaveText('2019 Ford F-250');

  await header.editDescription(async (dialog) => {
    const eol = dialog.getByLabel('EOL Date');
    await eol.fill('12/31/2031');
    await eol.press('Tab');
    await expect(eol).toHaveValue('12/31/2031');
  });
  await expect(header.field('EOL Date')).toHaveText('12/31/2031');

  await header.editDescription((dialog) => dialog.getByLabel('WRM').check());
  await expect(header.field('WRM')).toHaveText('Yes');

  // Every edit went through the outbox: all of them reach the server, none is refused.
  await expect
    .poll(
      async () => {
        const { vehicleType, year, make, model, eolDate, wrm, sectionId, workflowId } = await serverCopy();
        return { vehicleType, year, make, model, eolDate, wrm, sectionMoved: sectionId !== vehicle.sectionId, workflowMoved: workflowId !== vehicle.workflowId };
      },
      { timeout: 15_000 },
    )
    .toEqual({ vehicleType: 'Wrecker 5T', year: 2019, make: 'Ford', model: 'F-250', eolDate: '2031-12-31', wrm: true, sectionMoved: true, workflowMoved: true });
  await expect(app.syncStatus).toContainText('All changes saved', { timeout: 15_000 });
  await expect(header.pending).toBeHidden();

  await page.reload();
  await header.waitFor(vehicle.regNumber);
  await expect(header.field('Section')).toHaveText(newSection);
  await expect(header.field('Inspection Workflow')).toHaveText(newWorkflow);
  await expect(header.field('Type')).toHaveText('Wrecker 5T');
  await expect(header.field('Year / Make / Model')).toHaveText('2019 Ford F-250');
  await expect(header.field('EOL Date')).toHaveText('12/31/2031');
  await expect(header.field('WRM')).toHaveText('Yes');

  // Clearing the EOL date sends a null: N/A, on the server too.
  await header.editDescription(async (dialog) => {
    await dialog.getByLabel('EOL Date').clear();
    await expect(dialog.getByLabel('EOL Date')).toHaveValue('');
  });
  await expect(header.field('EOL Date')).toHaveText('N/A');
  await expect.poll(async () => (await serverCopy()).eolDate, { timeout: 15_000 }).toBeNull();
  await expect(app.syncStatus).toContainText('All changes saved', { timeout: 15_000 });
});

test('a registration number another vehicle of the organization has is refused in the rename dialog, offline too, before anything is sent', async ({
  page,
  context,
  baseURL,
}) => {
  const account = demoAccount('sectionlead');
  const { vehicle } = await createVehicle(baseURL!, account);
  const { vehicle: other } = await createVehicle(baseURL!, account);
  const app = new AppShell(page);
  const header = new VehiclePage(page);
  await app.signInAndSync(account);
  await header.open(vehicle.regNumber);
  // The dialog reads every vehicle to check against only once it is open: from the mirror, offline too.
  await context.setOffline(true);
  await page.getByRole('button', { name: 'Edit registration number' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Registration Number' });
  await dialog.getByLabel(/^Registration Number/).fill(` ${other.regNumber.toLowerCase()} `);
  await expect(dialog.getByText('Registration number exists for this organization')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Save' })).toBeDisabled();
  await dialog.getByLabel(/^Registration Number/).fill(`${vehicle.regNumber}X`);
  await expect(dialog.getByText('Registration number exists for this organization')).toBeHidden();
  await expect(dialog.getByRole('button', { name: 'Save' })).toBeEnabled();
  await context.setOffline(false);
});
