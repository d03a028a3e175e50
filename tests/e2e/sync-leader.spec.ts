import { expect, test, type Page } from '@playwright/test';
import { LEADER_HEARTBEAT_MS, LEADER_STALE_MS } from '../../src/sync/constants.ts';
import { AppShell } from './pages/app-shell.ts';
import { SignInPage } from './pages/sign-in-page.ts';
import { VehiclePage } from './pages/vehicle-page.ts';
import { demoAccount, useOwnOrganization } from './support/accounts.ts';
import { launchFreezableChromium, lifecycle, readHeartbeat, syncRequests } from './support/sync-leader.ts';
import { createVehicle } from './support/vehicles.ts';

useOwnOrganization();

const setModel = (header: VehiclePage, model: string) => header.editDescription((dialog) => dialog.getByLabel('Model').fill(model));
const visibility = (page: Page) => page.evaluate(() => document.visibilityState);

test('a visible tab takes the lead from a frozen leading tab, which does not take it back when it runs again', async ({ baseURL }) => {
  test.setTimeout(180_000);
  const account = demoAccount('sectionlead');
  const { vehicle, serverCopy } = await createVehicle(baseURL!, account, { make: 'Ford', model: 'F-250' });
  const serverModel = async () => (await serverCopy()).model;
  const vehicleUrl = `${baseURL}/Vehicle/${encodeURIComponent(vehicle.regNumber)}`;
  // Tabs of one window of a real browser profile (see launchFreezableChromium): only the front tab is visible.
  const browser = await launchFreezableChromium();
  try {
    const { context } = browser;

    // The first tab signs in and, alone, takes the lock: it leads.
    const first = await context.newPage();
    const firstHeader = new VehiclePage(first);
    await first.goto(`${baseURL}/`);
    await new SignInPage(first).submit(account.email, account.password);
    await first.waitForURL((url) => !url.pathname.startsWith('/oidc') && !url.pathname.startsWith('/signin-callback'));
    await new AppShell(first).waitSynced();
    await first.goto(vehicleUrl);
    await firstHeader.waitFor(vehicle.regNumber);
    const firstSync = syncRequests(first);

    // A second tab opens in front; the leader is now a background tab, and still sends its changes.
    const second = await context.newPage();
    const secondHeader = new VehiclePage(second);
    const secondSync = syncRequests(second);
    await second.goto(vehicleUrl);
    await secondHeader.waitFor(vehicle.regNumber);
    expect([await visibility(first), await visibility(second)]).toEqual(['hidden', 'visible']);
    await setModel(secondHeader, 'F-350');
    await expect.poll(serverModel, { timeout: 15_000 }).toBe('F-350');
    await expect(secondHeader.pending).toBeHidden();
    expect(firstSync.pushes()).toBeGreaterThan(0);
    expect(secondSync.pushes()).toBe(0);
    const firstTerm = await readHeartbeat(second);
    expect(firstTerm).not.toBeNull();

    // The browser freezes the background leader; the user goes on working in the front tab. It is
    // frozen just after a beat, when it is idle: a tab frozen inside an IndexedDB transaction keeps
    // every other tab out of those stores until Chromium aborts that transaction after 60 s, which
    // is the browser's doing and no leader rule can shorten.
    const firstTab = await lifecycle(context, first);
    await expect(new AppShell(second).syncStatus).toContainText('All changes saved');
    await second.waitForTimeout(2_000);
    const lastBeat = (await readHeartbeat(second))?.at;
    await expect.poll(async () => (await readHeartbeat(second))?.at, { intervals: [50], timeout: 3 * LEADER_HEARTBEAT_MS }).not.toBe(lastBeat);
    await firstTab.freeze();
    const frozenAt = Date.now();
    await setModel(secondHeader, 'F-450');
    await expect(secondHeader.pending).toBeVisible();
    // Once the heartbeat is three beats old the front tab takes the lead and sends the change.
    await expect.poll(serverModel, { timeout: LEADER_STALE_MS + 3 * LEADER_HEARTBEAT_MS }).toBe('F-450');
    await expect(secondHeader.pending).toBeHidden();
    test.info().annotations.push({ type: 'takeover', description: `the change reached the server ${Date.now() - frozenAt} ms after the freeze` });
    expect(secondSync.pushes()).toBeGreaterThan(0);
    expect(secondSync.pulls()).toBeGreaterThan(0); // it pulled on taking the lead (the pull worker's requests count)
    const secondTerm = await readHeartbeat(second);
    expect(secondTerm?.leaderId).not.toBe(firstTerm?.leaderId);

    // The frozen tab runs again and the user turns to it (the other tab goes to the background). It
    // finds the other tab beating, follows, and neither pushes nor pulls; the background leader keeps
    // the lead and sends the change made here.
    await firstTab.resume();
    await first.bringToFront();
    expect([await visibility(first), await visibility(second)]).toEqual(['visible', 'hidden']);
    const firstPushes = firstSync.pushes();
    const firstPulls = firstSync.pulls();
    await first.waitForTimeout(LEADER_STALE_MS + LEADER_HEARTBEAT_MS);
    const later = await readHeartbeat(first);
    expect(later?.leaderId).toBe(secondTerm?.leaderId);
    expect(Date.now() - later!.at).toBeLessThanOrEqual(LEADER_STALE_MS);

    await expect(firstHeader.field('Year / Make / Model')).toHaveText('Ford F-450');
    await setModel(firstHeader, 'F-550');
    await expect.poll(serverModel, { timeout: 15_000 }).toBe('F-550');
    await expect(firstHeader.pending).toBeHidden();
    expect(firstSync.pushes()).toBe(firstPushes);
    expect(firstSync.pulls()).toBe(firstPulls);
    expect((await readHeartbeat(first))?.leaderId).toBe(secondTerm?.leaderId);
  } finally {
    await browser.close();
  }
});
