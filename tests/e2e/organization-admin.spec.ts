import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { AdminPage } from './pages/admin-page.ts';
import { AppShell } from './pages/app-shell.ts';
import { expectAccessible } from './support/axe.ts';
import { apiAs, demoAccount, newOrganizationVco, useOwnOrganization } from './support/accounts.ts';
import { waitForWorkerControl } from './support/service-worker.ts';

useOwnOrganization();
// A browser in another zone than the organization's (UTC+05:30, no daylight saving): shift times are the organization's.
test.use({ timezoneId: 'Asia/Kolkata' });

const SIZES = [
  { width: 1024, height: 768 },
  { width: 1440, height: 900 },
] as const;

const shot = (page: Page, name: string, width: number) =>
  page.screenshot({ animations: 'disabled', fullPage: true, path: path.join(test.info().project.outputDir, 'screenshots', `${name}-${width}.png`) });

test('a vco sets up a new organization: sections, a vehicle type, MELs both ways, lead and shift times, contacts, then a vehicle', async ({ page, baseURL }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  const vco = await newOrganizationVco();
  const app = new AppShell(page);
  await app.signInAndSync(vco);
  const admin = new AdminPage(page);

  // Part 1 §2: Add Vehicle(s) with no sections leads to the Administration.
  await page.goto('/FleetDetails');
  await page.getByRole('button', { name: 'Add Vehicle(s)' }).click();
  const addVehicles = page.getByRole('dialog', { name: 'Add Vehicle(s)' });
  await expect(addVehicles).toContainText('No sections are defined for this organization. Before adding vehicles, define a section in the Administration view.');
  await addVehicles.getByRole('button', { name: 'Go to Administration' }).click();
  await expect(page).toHaveURL(/\/OrganizationAdministration$/);
  await expect(page.getByRole('heading', { name: 'Organization Options' })).toBeVisible();
  await expect(page.getByText('No sections yet.')).toBeVisible();
  // Issue 50: a new organization takes the zone of its first vco's browser (by the name its ICU lists).
  await expect(page.getByLabel('Organization time zone')).toHaveText(/^Asia\/(Kolkata|Calcutta) \(UTC\+05:30\)$/);

  // New Section: two sections; a duplicate and an over-long name are refused as typed.
  await admin.newSection('Alpha');
  await page.getByRole('button', { name: 'New Section' }).click();
  const newSection = admin.dialog('New Section');
  await newSection.getByRole('textbox').fill(' ALPHA ');
  await expect(newSection).toContainText('Another section with this name exists for this organization.');
  await expect(newSection.getByRole('button', { name: 'Save' })).toBeDisabled();
  await newSection.getByRole('textbox').fill('x'.repeat(50));
  await expect(newSection).toContainText('Name must be less than 50 characters in length.');
  await admin.saveName('New Section', 'Bravo');
  await expect(admin.section('Alpha')).toContainText('No Vehicle Type MELs defined');
  await expect(admin.section('Bravo')).toContainText('0 active users');

  // New Vehicle Type, unique case-insensitively.
  await page.getByRole('button', { name: 'New Vehicle Type' }).click();
  const newType = admin.dialog('New Vehicle Type');
  await newType.getByRole('textbox').fill('Pickup');
  await newType.getByRole('button', { name: 'Save' }).click();
  await expect(newType).toBeHidden();
  await page.getByRole('button', { name: 'New Vehicle Type' }).click();
  await newType.getByRole('textbox').fill('pickup ');
  await expect(newType).toContainText('Another vehicle type with this name exists for this organization.');
  await newType.getByRole('button', { name: 'Cancel' }).click();

  // Add Vehicle Type MELs to Alpha: a MEL below 1, a type twice, then a new type typed in.
  await admin.section('Alpha').getByRole('button', { name: 'Add Vehicle Type MELs' }).click();
  const typeMels = admin.dialog('Add Vehicle Type MELs: Alpha');
  await typeMels.getByRole('textbox', { name: 'Vehicle Type' }).first().fill('Pickup');
  await typeMels.getByLabel('MEL 1').fill('0');
  await expect(typeMels).toContainText('MEL must be at least 1');
  await typeMels.getByLabel('MEL 1').fill('2');
  await typeMels.getByRole('button', { name: 'Add Another' }).click();
  await typeMels.getByRole('textbox', { name: 'Vehicle Type' }).nth(1).fill('PICKUP');
  await typeMels.getByLabel('MEL 2').fill('1');
  await expect(typeMels).toContainText('New vehicle type duplicated');
  await typeMels.getByRole('textbox', { name: 'Vehicle Type' }).nth(1).fill('Bus');
  await typeMels.getByRole('button', { name: 'Save' }).click();
  await expect(typeMels).toBeHidden();
  await expect
    .poll(() => admin.mels(admin.section('Alpha')))
    .toEqual([
      ['Bus', '1'],
      ['Pickup', '2'],
    ]);
  // A type the section has a MEL of already.
  await admin.section('Alpha').getByRole('button', { name: 'Add Vehicle Type MELs' }).click();
  await typeMels.getByRole('textbox', { name: 'Vehicle Type' }).first().fill('Pickup');
  await typeMels.getByLabel('MEL 1').fill('3');
  await expect(typeMels).toContainText('Vehicle Type MEL(s) exists for section');
  await typeMels.getByRole('button', { name: 'Cancel' }).click();
  // A section with a MEL offers no 'Delete?'.
  await expect(admin.section('Alpha').getByRole('button', { name: 'Delete?' })).toHaveCount(0);

  // Grouped by vehicle type: Add Section MELs of Pickup to Bravo, edit it, remove Bus's MEL.
  await admin.groupByVehicleType(true);
  await expect(page.getByRole('heading', { name: 'Vehicle Types' })).toBeVisible();
  await admin.vehicleType('Pickup').getByRole('button', { name: 'Add Section MELs' }).click();
  const sectionMels = admin.dialog('Add Section MELs: Pickup');
  await sectionMels.getByLabel('Section 1').click();
  await page.getByRole('option', { name: 'Alpha' }).click();
  await sectionMels.getByLabel('MEL 1').fill('3');
  await expect(sectionMels).toContainText('Section MEL(s) exists for this vehicle type');
  await sectionMels.getByLabel('Section 1').click();
  await page.getByRole('option', { name: 'Bravo' }).click();
  await sectionMels.getByRole('button', { name: 'Save' }).click();
  await expect(sectionMels).toBeHidden();
  await expect
    .poll(() => admin.mels(admin.vehicleType('Pickup')))
    .toEqual([
      ['Alpha', '2'],
      ['Bravo', '3'],
    ]);
  await admin.vehicleType('Pickup').getByRole('button', { name: 'Edit MEL for Bravo' }).click();
  const editMel = admin.dialog(/^Edit MEL/);
  await editMel.getByLabel('MEL').fill('1.5');
  await expect(editMel).toContainText('MEL must be a whole number');
  await editMel.getByLabel('MEL').fill('4');
  await editMel.getByRole('button', { name: 'Save' }).click();
  await expect(editMel).toBeHidden();
  await admin.vehicleType('Bus').getByRole('button', { name: 'Delete MEL for Alpha' }).click();
  const removeMel = admin.dialog('Remove MEL');
  await expect(removeMel).toContainText('Are you sure you want to remove MEL for Bus?');
  await removeMel.getByRole('button', { name: 'Delete' }).click();
  await expect(removeMel).toBeHidden();
  await expect(admin.vehicleType('Bus')).toContainText('No Section MELs defined');

  // Expand All / Collapse All, for every panel.
  await page.getByRole('button', { name: 'Collapse All' }).click();
  await expect(page.getByRole('table', { name: 'MELs' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Expand All' }).click();
  await expect(page.getByRole('table', { name: 'MELs' })).toHaveCount(1);
  await admin.groupByVehicleType(false);

  // Lead times: Save only after a change; 0 to 180 whole days.
  await page.getByRole('button', { name: 'Edit Lead Times' }).click();
  await expect(page.getByRole('button', { name: 'Save' })).toBeDisabled();
  const wash = page.getByRole('textbox', { name: 'Wash lead time in days' });
  await wash.fill('181');
  await expect(admin.leadTimes).toContainText('Lead times are at most 180 days');
  await expect(page.getByRole('button', { name: 'Save' })).toBeDisabled();
  await wash.fill('14');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(admin.leadTimes.getByRole('cell').nth(3)).toHaveText('14 days');

  // The time zone: chosen from the list, found by typing; Save only after a change.
  await page.getByRole('button', { name: 'Edit Time Zone' }).click();
  const zone = admin.dialog('Edit Time Zone');
  await expect(zone.getByRole('button', { name: 'Save' })).toBeDisabled();
  await zone.getByRole('textbox', { name: 'Time zone' }).fill('tokyo');
  await page.getByRole('option', { name: 'Asia/Tokyo (UTC+09:00)' }).click();
  await zone.getByRole('button', { name: 'Save' }).click();
  await expect(zone).toBeHidden();
  await expect(page.getByLabel('Organization time zone')).toHaveText('Asia/Tokyo (UTC+09:00)');

  // Shift times, in the organization's time (Asia/Tokyo, chosen above), not the browser's (UTC+05:30).
  await page.getByRole('button', { name: 'Edit Shift Times' }).click();
  const shifts = admin.dialog('Shift Times');
  const times = [
    ['06:00', '14:00'],
    ['14:00', '22:00'],
    ['22:00', '06:00'],
  ];
  for (const [i, [start, end]] of times.entries()) {
    await shifts.getByLabel(`Sunday shift ${i + 1} start`).fill(start!);
    await shifts.getByLabel(`Sunday shift ${i + 1} end`).fill(end!);
  }
  await shifts.getByLabel('Monday shift 1 start').focus();
  await shifts.getByLabel('Monday shift 1 start').blur();
  await expect(shifts).toContainText('Start time is required');
  await shifts.getByLabel('Monday shift 1 end').focus();
  await shifts.getByLabel('Monday shift 1 end').blur();
  await expect(shifts).toContainText('End time is required');
  await shifts.getByRole('button', { name: 'Copy Sunday to every day' }).click();
  await shifts.getByRole('button', { name: 'Save' }).click();
  await expect(shifts).toBeHidden();
  await expect(page.getByRole('table', { name: 'Shift times' }).getByRole('row', { name: /Saturday/ })).toContainText('22:00 – 06:00');
  await expect(page.getByText("In the organization's time: Asia/Tokyo (UTC+09:00).")).toBeVisible();

  // Contact information: the primary contact among vco users, phone numbers with the spec's messages.
  await page.getByRole('button', { name: 'Edit Contact Information' }).click();
  const contact = admin.dialog('Contact Information');
  await contact.getByLabel('Primary Contact Phone Number').fill('555-12');
  await expect(contact).toContainText('Primary Contact Phone Number 555-12 invalid.');
  await contact.getByLabel('Base Phone Number').fill('call the desk');
  await expect(contact).toContainText('Base Phone Number call the desk invalid.');
  await contact.getByLabel('Primary Contact Phone Number').fill('+1 (555) 201-3344');
  await contact.getByLabel('Base Phone Number').fill('555.201.0000');
  await contact.getByRole('textbox', { name: 'Primary Contact', exact: true }).click();
  await page.getByRole('option').first().click();
  await contact.getByRole('button', { name: 'Save' }).click();
  await expect(contact).toBeHidden();
  await expect(page.getByText('+1 (555) 201-3344')).toBeVisible();

  // Rename Bravo; a new empty section offers 'Delete?' and goes after the confirmation.
  await admin.section('Bravo').getByRole('button', { name: 'Rename section Bravo' }).click();
  await admin.saveName('Rename Section', 'Bravo Flight');
  await admin.newSection('Temporary');
  await admin.section('Temporary').getByRole('button', { name: 'Delete?' }).click();
  const confirm = admin.dialog('Delete Section');
  await expect(confirm).toContainText('Are you sure you want to delete section Temporary?');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(admin.section('Temporary')).toHaveCount(0);
  await app.waitSynced();

  // What the server holds now.
  const api = await apiAs(baseURL!, vco);
  const self = (await api.get('/auth/users/self')).body as { orgId: string };
  const org = (await api.get(`/data/v1/organizations/${self.orgId}`)).body as {
    timeZone: string;
    washLeadTime: number;
    contactInfo: { primaryContactPhoneNumber: string; basePhoneNumber: string; primaryContactUserId: string | null }[];
    shiftTimes: { day: string; shifts: { shift: number; start: string; end: string }[] }[];
    sections: { sectionName: string; mel: { vehicleType: string; mel: number }[] }[];
  };
  expect(org.timeZone).toBe('Asia/Tokyo');
  expect(org.washLeadTime).toBe(14);
  expect(org.contactInfo[0]).toMatchObject({ primaryContactPhoneNumber: '+1 (555) 201-3344', basePhoneNumber: '555.201.0000' });
  expect(org.contactInfo[0]!.primaryContactUserId).not.toBeNull();
  expect(org.shiftTimes).toHaveLength(7);
  expect(org.shiftTimes.find((d) => d.day === 'Saturday')?.shifts).toEqual([
    { shift: 1, start: '2100z', end: '0500z' },
    { shift: 2, start: '0500z', end: '1300z' },
    { shift: 3, start: '1300z', end: '2100z' },
  ]);
  expect(org.sections.map((s) => [s.sectionName, s.mel.map((m) => `${m.vehicleType} ${m.mel}`)])).toEqual([
    ['Alpha', ['Pickup 2']],
    ['Bravo Flight', ['Pickup 4']],
  ]);

  // Now a vehicle in the new section.
  await app.link('Fleet Details').click();
  await page.getByRole('button', { name: 'Add Vehicle(s)' }).click();
  const vehicle = addVehicles.getByRole('group', { name: 'Vehicle 1' });
  await vehicle.getByLabel(/^Vehicle Type/).fill('Pickup');
  await vehicle.getByLabel(/^Registration Number/).fill('NEW-0001');
  await vehicle.getByLabel(/^Section/).click();
  await page.getByRole('option', { name: 'Bravo Flight' }).click();
  await vehicle.getByLabel(/^Workflow/).click();
  await page
    .getByRole('option', { name: /AF-1800 Full/ })
    .first()
    .click();
  await addVehicles.getByRole('button', { name: 'Submit' }).click();
  await expect(addVehicles).toBeHidden({ timeout: 20_000 });
  await expect(page.getByRole('table', { name: 'Fleet Details' }).getByRole('link', { name: 'NEW-0001' })).toBeVisible();
});

test('offline: sections, MELs and lead times change at once and land after reconnecting; a refused one goes back to the server copy', async ({
  page,
  context,
  baseURL,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  const app = new AppShell(page);
  await app.signInAndSync(demoAccount('vco'));
  const admin = new AdminPage(page);
  await admin.open();
  await waitForWorkerControl(page);
  const api = await apiAs(baseURL!, demoAccount('vco'));
  const { orgId } = (await api.get('/auth/users/self')).body as { orgId: string };

  await context.setOffline(true);
  await admin.newSection('Offline Flight');
  await expect(admin.section('Offline Flight').getByRole('img', { name: 'Waiting to sync' })).toBeVisible();
  await admin.section('Offline Flight').getByRole('button', { name: 'Add Vehicle Type MELs' }).click();
  const typeMels = admin.dialog('Add Vehicle Type MELs: Offline Flight');
  await typeMels.getByRole('textbox', { name: 'Vehicle Type' }).fill('Offline Tug');
  await typeMels.getByLabel('MEL 1').fill('5');
  await typeMels.getByRole('button', { name: 'Save' }).click();
  await expect(typeMels).toBeHidden();
  await expect.poll(() => admin.mels(admin.section('Offline Flight'))).toEqual([['Offline Tug', '5']]);
  await page.getByRole('button', { name: 'Edit Lead Times' }).click();
  await page.getByRole('textbox', { name: 'PMI lead time in days' }).fill('45');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(admin.leadTimes.getByRole('cell').nth(5)).toHaveText('45 days');
  // A rename another device makes impossible before this one reconnects.
  await admin.section('Bravo').getByRole('button', { name: 'Rename section Bravo' }).click();
  await admin.saveName('Rename Section', 'Clash Flight');
  await expect(admin.section('Clash Flight')).toBeVisible();
  expect((await api.post('/data/v2/organization/sections', { sectionName: 'clash flight' })).status).toBe(201);
  // The new section is in the vehicle forms' section picker at once, offline too.
  await app.link('Fleet Details').click();
  await page.getByRole('button', { name: 'Add Vehicle(s)' }).click();
  await page
    .getByRole('dialog', { name: 'Add Vehicle(s)' })
    .getByLabel(/^Section/)
    .click();
  await expect(page.getByRole('option', { name: 'Offline Flight' })).toBeVisible();
  await page.keyboard.press('Escape');
  await page.keyboard.press('Escape');
  await app.link('Administration').click();

  await context.setOffline(false);
  // Part 2 §4: a failed organization update reloads the organization's data; the refusal is listed.
  await expect(app.syncStatus).toContainText('Some changes were not saved', { timeout: 30_000 });
  await expect(admin.section('Bravo')).toBeVisible();
  await expect(admin.section('clash flight')).toBeVisible();
  await page.getByRole('button', { name: '1 rejected changes' }).click();
  await expect(page.getByText('Another section with this name exists for this organization.')).toBeVisible();
  await expect
    .poll(async () => {
      const org = (await api.get(`/data/v1/organizations/${orgId}`)).body as {
        pmiLeadTime: number;
        sections: { sectionName: string; mel: { vehicleType: string; mel: number }[] }[];
      };
      return [org.pmiLeadTime, org.sections.find((s) => s.sectionName === 'Offline Flight')?.mel.map((m) => `${m.vehicleType} ${m.mel}`)];
    })
    .toEqual([45, ['Offline Tug 5']]);
});

test('a sectionLead edits lead times only; a dispatcher cannot open the page; the server refuses their writes', async ({ page, browser, baseURL }) => {
  await page.setViewportSize({ width: 1024, height: 768 });
  const app = new AppShell(page);
  await app.signInAndSync(demoAccount('sectionlead'));
  const admin = new AdminPage(page);
  await app.link('Administration').click();
  await expect(page.getByRole('heading', { name: 'Organization Options' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Edit Lead Times' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Shift times' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Edit Shift Times' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Edit Contact Information' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Edit Time Zone' })).toHaveCount(0);
  await expect(page.getByLabel('Organization time zone')).toBeVisible();
  await expect(admin.section('Alpha')).toBeVisible();
  await expectAccessible(page, 'Organization Administration for a sectionLead');

  const lead = await apiAs(baseURL!, demoAccount('sectionlead'));
  const { orgId } = (await lead.get('/auth/users/self')).body as { orgId: string };
  expect((await lead.patch('/data/v2/organization', { basePhoneNumber: '555-201-0000' })).status).toBe(403);
  const dispatcher = await apiAs(baseURL!, demoAccount('dispatcher'));
  expect((await dispatcher.post('/data/v2/organization/sections', { sectionName: 'Not Mine' })).status).toBe(403);
  expect((await dispatcher.patch(`/data/v1/organizations/${orgId}`, { washLeadTime: 3 })).status).toBe(403);

  const context = await browser.newContext({ viewport: { width: 1024, height: 768 } });
  const other = await context.newPage();
  const dispatcherApp = new AppShell(other);
  await dispatcherApp.signIn(demoAccount('dispatcher'));
  await expect(dispatcherApp.nav).toBeVisible();
  await expect(dispatcherApp.link('Administration')).toHaveCount(0);
  await other.goto('/OrganizationAdministration');
  await expect(other).toHaveURL(/\/$/);
  await context.close();
});

for (const size of SIZES) {
  test(`screenshots at ${size.width}x${size.height}: grouped by section and by vehicle type, expanded`, async ({ page }) => {
    await page.setViewportSize(size);
    const app = new AppShell(page);
    await app.signInAndSync(demoAccount('vco'));
    const admin = new AdminPage(page);
    await admin.open();
    await expect(admin.section('Alpha')).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await shot(page, 'administration-sections', size.width);
    await expectAccessible(page, 'Organization Administration by section');
    await admin.groupByVehicleType(true);
    await shot(page, 'administration-types', size.width);
    await expectAccessible(page, 'Organization Administration by vehicle type');
    await page.getByRole('button', { name: 'Edit Shift Times' }).click();
    await expect(admin.dialog('Shift Times')).toBeVisible();
    await page.screenshot({ animations: 'disabled', path: path.join(test.info().project.outputDir, 'screenshots', `administration-shifts-${size.width}.png`) });
    await expectAccessible(page, 'the Shift Times dialog');
    await admin.dialog('Shift Times').getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('button', { name: 'Edit Time Zone' }).click();
    await expectAccessible(page, 'the Edit Time Zone dialog');
    // The open list is a combobox's listbox, reached by the arrow keys from its input.
    await admin.dialog('Edit Time Zone').getByRole('textbox', { name: 'Time zone' }).click();
    await expect(page.getByRole('option').first()).toBeVisible();
    await page.screenshot({ animations: 'disabled', path: path.join(test.info().project.outputDir, 'screenshots', `administration-time-zone-${size.width}.png`) });
    await page.keyboard.press('Escape');
    await admin.dialog('Edit Time Zone').getByRole('button', { name: 'Cancel' }).click();
    await admin.groupByVehicleType(false);
    await admin.section('Alpha').getByRole('button', { name: 'Add Vehicle Type MELs' }).click();
    const typeMels = admin.dialog('Add Vehicle Type MELs: Alpha');
    await typeMels.getByRole('button', { name: 'Add Another' }).click();
    await typeMels.getByLabel('MEL 2').fill('0');
    await page.screenshot({ animations: 'disabled', path: path.join(test.info().project.outputDir, 'screenshots', `administration-add-mels-${size.width}.png`) });
    await expectAccessible(page, 'the Add Vehicle Type MELs dialog');
  });
}
