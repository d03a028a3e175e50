import { randomBytes } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { AppShell } from './pages/app-shell.ts';
import { FleetPage } from './pages/fleet-page.ts';
import { SignInPage } from './pages/sign-in-page.ts';
import { UsersPage } from './pages/users-page.ts';
import { apiAs, createAccount, demoAccount, orgSlug, useOwnOrganization } from './support/accounts.ts';
import { waitForWorkerControl } from './support/service-worker.ts';

useOwnOrganization();

interface ApiUser {
  userId: string;
  firstName: string;
  lastName: string;
  active: boolean;
}

/** Every record of every IndexedDB database of the page, as one string: a secret must appear nowhere. */
async function everythingInIndexedDb(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const dumps: string[] = [];
    for (const { name } of await indexedDB.databases()) {
      if (!name) continue;
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const open = indexedDB.open(name);
        open.onsuccess = () => resolve(open.result);
        open.onerror = () => reject(open.error);
      });
      for (const store of Array.from(db.objectStoreNames)) {
        const rows = await new Promise<unknown[]>((resolve, reject) => {
          const req = db.transaction(store).objectStore(store).getAll();
          req.onsuccess = () => resolve(req.result);
          req.onerror = () => reject(req.error);
        });
        dumps.push(JSON.stringify(rows));
      }
      db.close();
    }
    return dumps.join('\n');
  });
}

/** The demo administrator on All Users, with the service worker in control (so the app survives going offline). */
async function openAllUsersAsAdmin(page: Page) {
  const app = new AppShell(page);
  const users = new UsersPage(page);
  await page.setViewportSize({ width: 1440, height: 900 });
  await app.signInAndSync(demoAccount('admin'));
  await users.open();
  await waitForWorkerControl(page);
  return { app, users };
}

test('an offline rename and another administrator’s deactivation both land: the user is renamed and stays inactive', async ({ page, context, baseURL }) => {
  const target = await createAccount(baseURL!, { role: 'dispatcher', firstName: 'Robin', lastName: `Moved${randomBytes(2).toString('hex')}` });
  const { app, users } = await openAllUsersAsAdmin(page);

  await context.setOffline(true);
  await users
    .row(target.email)
    .getByRole('button', { name: /^Modify/ })
    .click();
  await users.dialog.getByLabel(/^Last Name/).fill('Renamed');
  await users.dialog.getByRole('button', { name: 'Submit' }).click();
  await expect(users.dialog).toBeHidden();
  await expect(users.row(target.email)).toContainText('Renamed');

  // Meanwhile another administrator, online, deactivates the user.
  expect((await target.admin.patch(`/auth/users/${target.userId}`, { active: false })).status).toBe(200);

  await context.setOffline(false);
  await expect(app.syncStatus).toContainText('All changes saved', { timeout: 30_000 });
  await expect
    .poll(async () => ((await target.admin.get('/auth/users')).body as ApiUser[]).find((u) => u.userId === target.userId), { timeout: 15_000 })
    .toMatchObject({ firstName: 'Robin', lastName: 'Renamed', active: false });
  // The device follows the server: the user is inactive, so the default view (active users) no longer lists them.
  await expect(users.row(target.email)).toHaveCount(0, { timeout: 15_000 });
});

test('a saved view holding a NUL character is refused alone, with its message, and a vehicle edit queued after it lands', async ({ page, context, baseURL }) => {
  const account = await createAccount(baseURL!, { role: 'sectionLead', firstName: 'Nul', lastName: 'Viewer' });
  const api = await apiAs(baseURL!, account);
  const vehicle = (
    (await api.get('/data/v2/vehicles')).body as { vehicleId: string; regNumber: string; decommissionDate: string | null; lastReportedHours: number | null }[]
  ).find((v) => v.decommissionDate === null)!;
  const app = new AppShell(page);
  const fleet = new FleetPage(page);
  await page.setViewportSize({ width: 1440, height: 900 });
  await app.signInAndSync(account);
  await fleet.open();
  await waitForWorkerControl(page);

  await context.setOffline(true);
  await fleet.filterByRegNumber('AB\u0000C');
  await fleet.saveView.click();
  // The view (its filter and its columns) is one change.
  await expect(app.syncStatus).toContainText('1 pending');
  await page.goto(`/Vehicle/${vehicle.regNumber}`);
  const hours = (vehicle.lastReportedHours ?? 0) + 321;
  await page.getByRole('button', { name: 'Edit hours' }).click();
  const dialog = page.getByRole('dialog', { name: 'Update Hours' });
  await dialog.getByLabel(/^Hours/).fill(String(hours));
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(app.syncStatus).toContainText('2 pending');

  await context.setOffline(false);
  await expect(app.syncStatus).toContainText('Some changes were not saved', { timeout: 30_000 });
  await expect
    .poll(
      async () =>
        ((await api.get('/data/v2/vehicles')).body as { vehicleId: string; lastReportedHours: number }[]).find((v) => v.vehicleId === vehicle.vehicleId)
          ?.lastReportedHours,
      {
        timeout: 15_000,
      },
    )
    .toBe(hours);
  await page.getByRole('button', { name: '1 rejected changes' }).click();
  await expect(page.getByText('Save setting')).toBeVisible();
  await expect(page.getByText(/Remove the NUL character from the text/)).toBeVisible();
});

test('Log out with a change waiting says so, waits for it to be sent, then logs out', async ({ page, context, baseURL }) => {
  const account = await createAccount(baseURL!, { role: 'vco', isAdmin: true, firstName: 'Leaving', lastName: 'Soon' });
  const app = new AppShell(page);
  await page.setViewportSize({ width: 1440, height: 900 });
  await app.signInAndSync(account);
  await waitForWorkerControl(page);

  await context.setOffline(true);
  await app.saveProfile('Left', 'Offline');
  await app.openUserMenu();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  const dialog = page.getByRole('dialog', { name: 'Log out with changes waiting?' });
  await expect(dialog).toContainText('1 change made on this device has not reached the server yet.');
  await dialog.getByRole('button', { name: 'Wait for them' }).click();
  await expect(dialog).toContainText('The server cannot be reached now');

  await context.setOffline(false);
  await expect(new SignInPage(page).submitButton).toBeVisible({ timeout: 30_000 });
  const self = (await (await apiAs(baseURL!, account)).get('/auth/users/self')).body as ApiUser;
  expect(self).toMatchObject({ firstName: 'Left', lastName: 'Offline' });
});

test('adding a user needs a connection, and no password is ever at rest in IndexedDB', async ({ page, context }) => {
  const { app, users } = await openAllUsersAsAdmin(page);
  const password = `Granite-${randomBytes(6).toString('hex')}-harbor-lantern`;
  const email = `nopass-${randomBytes(3).toString('hex')}@${orgSlug()}.example.com`;

  const fill = async () => {
    await users.dialog.getByLabel(/^First Name/).fill('Secret');
    await users.dialog.getByLabel(/^Last Name/).fill('Keeper');
    await users.dialog.getByLabel(/^Email/).fill(email);
    await users.dialog.getByLabel(/^Password/).fill(password);
    await users.dialog.getByLabel(/^Confirm Password/).fill(password);
    await users.choose('Role', 'Dispatcher');
    await users.choose('Section', 'Alpha');
  };

  await context.setOffline(true);
  await users.addUser.click();
  await fill();
  await expect(users.dialog).toContainText('Adding a user needs a connection');
  await expect(users.dialog.getByRole('button', { name: 'Submit' })).toBeDisabled();
  expect(await everythingInIndexedDb(page)).not.toContain(password);

  await context.setOffline(false);
  await expect(users.dialog.getByRole('button', { name: 'Submit' })).toBeEnabled({ timeout: 20_000 });
  await users.dialog.getByRole('button', { name: 'Submit' }).click();
  await expect(users.dialog).toBeHidden({ timeout: 20_000 });
  expect(await everythingInIndexedDb(page)).not.toContain(password);
  await expect(users.row(email)).toBeVisible();
  await app.waitSynced();
  expect(await everythingInIndexedDb(page)).not.toContain(password);

  await app.openUserMenu();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(new SignInPage(page).submitButton).toBeVisible({ timeout: 20_000 });
  expect(await everythingInIndexedDb(page)).not.toContain(password);
});
