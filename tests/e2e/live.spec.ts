import { expect, test } from '@playwright/test';
import { AppShell } from './pages/app-shell.ts';
import { apiAs, createAccount, demoAccount, useOwnOrganization } from './support/accounts.ts';
import { watchLiveStreams } from './support/live-streams.ts';
import { ACCESS_CHANGED_CLOSE } from '../../server/stream/routes.ts';

useOwnOrganization();

test('a profile change in one browser shows in another without a reload', async ({ browser, baseURL }) => {
  // Two browsers each sign in and make their first sync: more than one test's usual minute on a loaded machine.
  test.setTimeout(120_000);
  const account = await createAccount(baseURL!, { role: 'vco', isAdmin: true, firstName: 'Twin', lastName: 'One' });
  const first = new AppShell(await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage());
  const second = new AppShell(await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage());
  await first.signInAndSync(account);
  await second.signInAndSync(account);
  await expect(second.nav.getByText('Twin One')).toBeVisible();

  await first.saveProfile('Twin', 'Two');
  await expect(second.nav.getByText('Twin Two')).toBeVisible({ timeout: 15_000 });
  await first.page.context().close();
  await second.page.context().close();
});

test('a live event shows in Fleet Updates, can be dismissed, and Clear All empties the panel', async ({ page, baseURL }) => {
  const app = new AppShell(page);
  await page.setViewportSize({ width: 1440, height: 900 });
  await app.signInAndSync(demoAccount('dispatcher'));
  await app.showFleetUpdates();
  await expect(app.fleetUpdates.getByText('Connecting...')).toBeHidden({ timeout: 15_000 });

  const api = await apiAs(baseURL!, demoAccount('sectionlead'));
  const vehicles = (await api.get('/data/v1/sync/pull?limit=5000')).body.changes.filter(
    (c: { t: string; data?: { decommissionDate: string | null } }) => c.t === 'vehicles' && c.data?.decommissionDate === null,
  );
  const [one, two] = vehicles;
  for (const [vehicle, note] of [
    [one, 'Windshield chipped on the left side'],
    [two, 'Spare tire missing'],
  ] as const) {
    expect((await api.post(`/data/v1/vehicles/${vehicle.id}/notes`, { note })).status).toBe(201);
  }
  const firstCard = app.fleetUpdates.getByRole('article').filter({ hasText: 'Windshield chipped on the left side' });
  const secondCard = app.fleetUpdates.getByRole('article').filter({ hasText: 'Spare tire missing' });
  await expect(firstCard).toBeVisible();
  await expect(firstCard).toContainText(one.data.regNumber);
  await expect(secondCard).toBeVisible();

  await firstCard.getByRole('button', { name: 'Dismiss' }).click();
  await expect(firstCard).toHaveCount(0);
  await expect(secondCard).toBeVisible();

  await app.fleetUpdates.getByRole('button', { name: 'Clear All' }).click();
  await expect(app.fleetUpdates.getByRole('article')).toHaveCount(0);
  await expect(app.fleetUpdates.getByText('No Data')).toBeVisible();
});

test('a user whose account is deactivated while signed in loses the live stream within seconds and is told why', async ({ page, baseURL }) => {
  const account = await createAccount(baseURL!, { role: 'dispatcher', firstName: 'Soon', lastName: 'Inactive' });
  const app = new AppShell(page);
  await page.setViewportSize({ width: 1440, height: 900 });
  const streams = await watchLiveStreams(page);
  await app.signInAndSync(account);
  await app.showFleetUpdates();
  await expect(app.fleetUpdates.getByText('Connecting...')).toBeHidden({ timeout: 15_000 });
  expect(await streams.openInPage()).toBe(1);

  const deactivatedAt = Date.now();
  expect((await account.admin.patch(`/auth/users/${account.userId}`, { active: false })).status).toBe(200);
  // The server closes the open stream at once, with its code for access changed (1008). The wait allows
  // for the shared test server being busy with another spec's work (an organization being made blocks it for seconds).
  await expect.poll(() => streams.closes.filter((c) => c.at >= deactivatedAt).map((c) => c.code), { timeout: 15_000 }).toContain(ACCESS_CHANGED_CLOSE);
  const closed = streams.closes.find((c) => c.at >= deactivatedAt && c.code === ACCESS_CHANGED_CLOSE)!;
  test.info().annotations.push({ type: 'stream closed', description: `${closed.at - deactivatedAt} ms after the deactivation` });
  // The app then starts over (its next ticket is refused), and the server's refusal says why.
  await expect(page.getByText('Your account is inactive. Ask an administrator to reactivate it.')).toBeVisible({ timeout: 15_000 });
  await expect(app.fleetUpdates).toBeHidden();
  await expect.poll(() => streams.openInPage()).toBe(0);
});
