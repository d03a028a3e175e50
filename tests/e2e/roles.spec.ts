import { expect, test } from '@playwright/test';
import { AppShell } from './pages/app-shell.ts';
import { demoAccount, orgName, useOwnOrganization } from './support/accounts.ts';

useOwnOrganization();

const PRODUCT = 'Fleet Readiness';

test('an inspector gets the inspection app and no website', async ({ page }) => {
  const app = new AppShell(page);
  await app.signIn(demoAccount('inspector'));
  await expect(page.getByRole('heading', { name: `Welcome to ${PRODUCT}, Sam Patel. As an Inspector, you do not have access to the website.` })).toBeVisible();
  await expect(page.getByText(orgName())).toBeVisible();
  await expect(page.getByText('Inspector', { exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Open the inspection app' })).toHaveAttribute('href', '/inspect');
  // The server serves no Android package (GET /data/apk/download answers 404): no download is offered.
  await expect(page.getByRole('link', { name: 'Download Android App' })).toHaveCount(0);
  await expect(app.nav).toHaveCount(0);
  await page.getByRole('button', { name: 'Log Out' }).click();
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
});

test('a dispatcher without a section gets the no-section screen', async ({ page }) => {
  await new AppShell(page).signIn(demoAccount('nosection'));
  await expect(page.getByText('As an Dispatcher, you should have a section but are not assigned one in the system.')).toBeVisible();
  await expect(page.getByText('NOTE: You may still perform inspections.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Log Out' })).toBeVisible();
});

test('a user without a role gets the no-role screen', async ({ page }) => {
  await new AppShell(page).signIn(demoAccount('norole'));
  await expect(page.getByRole('heading', { name: 'No role provided' })).toBeVisible();
  await expect(page.getByText('No role provided. You lack the permissions to access any part of this system.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Log Out' })).toBeVisible();
});

const LINKS = ['Overview', 'Fleet Details', 'Inspection Workflows', 'Administration', 'Insights', 'Reports'];
const EXPECTED: Record<string, string[]> = {
  vco: LINKS,
  sectionlead: ['Overview', 'Fleet Details', 'Administration', 'Insights', 'Reports'],
  jrsuper: ['Overview', 'Fleet Details', 'Insights'],
  dispatcher: ['Overview', 'Fleet Details'],
};

for (const [local, links] of Object.entries(EXPECTED)) {
  test(`the ${local} sees the shell with the links of that role`, async ({ page }) => {
    const app = new AppShell(page);
    await page.setViewportSize({ width: 1440, height: 900 });
    await app.signIn(demoAccount(local));
    await expect(app.nav).toBeVisible();
    // The organization's name comes with the first sync's first page, which a loaded machine may take a while to serve.
    await expect(app.nav.getByText(orgName())).toBeVisible({ timeout: 20_000 });
    for (const label of LINKS) {
      await expect(app.link(label)).toHaveCount(links.includes(label) ? 1 : 0);
    }
  });
}

test('a route the role may not open, and an unknown path, lead to the overview', async ({ page }) => {
  const app = new AppShell(page);
  await page.setViewportSize({ width: 1440, height: 900 });
  await app.signIn(demoAccount('dispatcher'));
  await expect(app.nav).toBeVisible();
  await page.goto('/Reports');
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/Insights');
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/no/such/page');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: 'Overview' })).toBeVisible();
});

test('a dispatcher is a read-only user: Fleet Details and the vehicle page show no create or edit control', async ({ page }) => {
  const app = new AppShell(page);
  await page.setViewportSize({ width: 1440, height: 900 });
  await app.signInAndSync(demoAccount('dispatcher'));
  await page.goto('/FleetDetails');
  const grid = page.getByRole('table', { name: 'Fleet Details' });
  const link = grid.getByRole('link').first();
  await expect(link).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('button', { name: 'Download CSV' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add Vehicle(s)' })).toHaveCount(0);

  const reg = (await link.innerText()).trim();
  await link.click();
  await expect(page.getByRole('heading', { name: reg })).toBeVisible();
  await expect(page.getByText('Last Reported Mileage')).toBeVisible();
  await expect(page.getByRole('button', { name: /^(Edit|Update) / })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Decommission/ })).toHaveCount(0);
  await expect(page.getByText('Inspection Workflow')).toHaveCount(0);
});
