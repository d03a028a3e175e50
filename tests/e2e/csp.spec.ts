import { expect, test } from '@playwright/test';
import { AppShell } from './pages/app-shell.ts';
import { Af1800Modal } from './pages/af1800-modal.ts';
import { FleetPage } from './pages/fleet-page.ts';
import { SignInPage } from './pages/sign-in-page.ts';
import { demoAccount, useOwnOrganization } from './support/accounts.ts';
import { consoleViolations, CSP_PROBE_HOST, reportedViolations } from './support/csp.ts';
import { waitForWorkerControl } from './support/service-worker.ts';

useOwnOrganization();

test('the whole app works under its Content-Security-Policy and nothing is refused: sign-in, Fleet Details, the AF1800 viewer, the service worker, an offline start', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  const before = reportedViolations().length;
  const inConsole = consoleViolations(page);
  const app = new AppShell(page);
  const fleet = new FleetPage(page);

  const first = await page.goto('/');
  await expect(new SignInPage(page).submitButton).toBeVisible();
  const signInPolicy = (await page.request.get(page.url())).headers()['content-security-policy'];
  expect(signInPolicy).toMatch(/frame-ancestors 'none'/);
  expect(first?.headers()['content-security-policy']).toMatch(/script-src 'self'(;|$)/);

  await app.signInAndSync(demoAccount('sectionlead'));
  await fleet.open();
  const link = fleet.grid.getByRole('button', { name: /^Current AF1800 for / }).first();
  const title = (await link.getAttribute('aria-label'))!;
  await link.click();
  const modal = new Af1800Modal(page, title);
  expect(await modal.waitForPdf()).toBeGreaterThanOrEqual(3); // made in its worker, drawn by pdf.js in its own
  await modal.close();

  await waitForWorkerControl(page);
  await context.setOffline(true);
  await page.reload();
  await expect(app.nav).toBeVisible();
  await expect(app.syncStatus).toContainText('Offline');
  await fleet.open();
  await expect(fleet.grid.getByRole('button', { name: /^Current AF1800 for / }).first()).toBeVisible();
  await context.setOffline(false);
  await expect(app.syncStatus).toContainText('Online', { timeout: 20_000 });

  // The reporting works: a script from elsewhere is refused and reported (and then ignored).
  await page.evaluate((host) => {
    const probe = document.createElement('script');
    probe.src = `https://${host}/probe.js`;
    document.head.append(probe);
  }, CSP_PROBE_HOST);
  await expect.poll(() => reportedViolations({ probes: true }).length, { timeout: 10_000 }).toBeGreaterThan(0);

  expect(inConsole).toEqual([]);
  expect(reportedViolations().slice(before)).toEqual([]);
});
