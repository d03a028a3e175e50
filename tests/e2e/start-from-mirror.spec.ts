import { expect, test, type Page, type Route, type TestInfo } from '@playwright/test';
import { AppShell } from './pages/app-shell.ts';
import { FleetPage } from './pages/fleet-page.ts';
import { FIRST_DATA_ROW, firstDataRow } from './pages/grid-rows.ts';
import { demoAccount, useOwnOrganization } from './support/accounts.ts';
import { waitForWorkerControl } from './support/service-worker.ts';
import { firstSeenAt, noteFirstSeen } from './support/first-seen.ts';

useOwnOrganization();

/**
 * A signed-in user with a warm mirror sees their screen from the mirror on a reload, whatever the
 * network does: the start no longer waits for /app-config.json and /auth/users/self (issue 15), which
 * on a link that never answers it did for ever. The bound is generous on purpose, as timed assertions
 * do not belong in tests: the reload's time is annotated here and measured by bench/first-sync.bench.ts
 * (0.7 s on the poor link as the page sees it, docs/performance.md "Times as the page saw them"); what
 * this test holds is that the network is not waited for.
 */
const SHOWN_WITHIN_MS = 15_000;
const FIRST_ROW = `table[aria-label="Fleet Details"] ${FIRST_DATA_ROW}`;

/** The reload's time to the first row as the page saw it (a Playwright wait returns up to 500 ms late). */
async function annotateShown(page: Page, started: number, testInfo: TestInfo): Promise<void> {
  const shownAt = await firstSeenAt(page, 'firstRow');
  testInfo.annotations.push({ type: 'rows shown after reload (ms)', description: String(Math.round(shownAt - started)) });
}

test.beforeEach(async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await noteFirstSeen(page, { firstRow: FIRST_ROW });
  await new AppShell(page).signInAndSync(demoAccount('sectionlead'));
  await new FleetPage(page).open();
  // A first install that fails (a precache fetch lost on a loaded machine; CI saw it once) is tried
  // again by the app (src/pwa/register.ts).
  await waitForWorkerControl(page);
});

test('a reload on a link that never answers shows Fleet Details from the mirror, and the app catches up when the link answers again', async ({
  page,
  context,
}, testInfo) => {
  const fleet = new FleetPage(page);
  const app = new AppShell(page);
  const hanging: Route[] = [];
  // Every request that leaves the browser hangs: the server is reachable in name only.
  await context.route('**/*', (route) => void hanging.push(route));

  const started = Date.now();
  await page.reload({ waitUntil: 'commit' });
  await expect(firstDataRow(fleet.grid)).toBeVisible({ timeout: SHOWN_WITHIN_MS });
  await annotateShown(page, started, testInfo);
  expect(hanging.some((route) => new URL(route.request().url()).pathname === '/app-config.json')).toBe(true);

  // Work goes on meanwhile: a saved view waits in the outbox.
  await fleet.saveView.click();
  await expect(app.syncStatus).toContainText('1 pending');

  // The link comes back: what hung fails, the app's next calls get through and the view lands.
  await context.unrouteAll({ behavior: 'ignoreErrors' });
  await Promise.all(hanging.map((route) => route.abort().catch(() => undefined)));
  await expect(app.syncStatus).toContainText('All changes saved', { timeout: 45_000 });
});

test('a reload on a slow link (400 kbit/s, 400 ms round trip) shows Fleet Details before the server has said who the user is', async ({
  page,
  context,
}, testInfo) => {
  const fleet = new FleetPage(page);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 400, downloadThroughput: 50_000, uploadThroughput: 50_000 });
  // The start's two checks are answered only once the rows are on screen: a start that waited for them would show nothing.
  let rowsShown!: () => void;
  const shown = new Promise<void>((resolve) => (rowsShown = resolve));
  const held: string[] = [];
  await context.route(/\/(app-config\.json|auth\/users\/self)$/, async (route) => {
    held.push(new URL(route.request().url()).pathname);
    await shown;
    await route.continue();
  });

  const started = Date.now();
  await page.reload({ waitUntil: 'commit' });
  await expect(firstDataRow(fleet.grid)).toBeVisible({ timeout: SHOWN_WITHIN_MS });
  await annotateShown(page, started, testInfo);
  rowsShown();
  await expect.poll(() => held.sort()).toEqual(['/app-config.json', '/auth/users/self']);
});
