import { expect, test } from '@playwright/test';
import { AppShell } from './pages/app-shell.ts';
import { demoAccount, useOwnOrganization } from './support/accounts.ts';
import { SIZES, shot } from './support/screenshots.ts';

useOwnOrganization();

const LABEL = /^Getting your organization's data: ([\d,]+) of ([\d,]+) records$/;
const ANSWERS_LABEL = /^Getting the inspections' answers: ([\d,]+) of ([\d,]+) inspections$/;
const number = (text: string) => Number(text.replace(/,/g, ''));

test('a first sync shows how far it has got with counts, the app answers clicks while it runs and Fleet Details shows the fleet before it ends; the answers follow the records with a bar of their own', async ({
  page,
  context,
}) => {
  // Small pages, each held a moment: the organization's first sync takes long enough to watch (the worker's requests too).
  await context.route(/\/data\/v1\/sync\/pull\?/, async (route) => {
    const url = new URL(route.request().url());
    url.searchParams.set('limit', '100');
    await new Promise((resolve) => setTimeout(resolve, 600));
    await route.continue({ url: url.toString() });
  });
  // The answers in pages of 20, each held a moment, so their bar can be seen.
  await context.route(/\/data\/v1\/sync\/answers\?/, async (route) => {
    const url = new URL(route.request().url());
    url.searchParams.set('limit', '20');
    await new Promise((resolve) => setTimeout(resolve, 300));
    await route.continue({ url: url.toString() });
  });
  const app = new AppShell(page);
  await page.setViewportSize({ width: 1440, height: 900 });
  await app.signIn(demoAccount('vco'));

  const bar = page.getByRole('progressbar', { name: 'First sync' });
  const label = page.getByText(LABEL);
  await expect(bar).toBeVisible({ timeout: 20_000 });
  const counts = async () => {
    const [, done, total] = LABEL.exec((await label.textContent()) ?? '') ?? [];
    return { done: number(done ?? '0'), total: number(total ?? '0') };
  };
  const first = await counts();
  expect(first.total).toBeGreaterThan(first.done);
  // The count moves as pages come (read while the bar is surely up: CI once saw the sync end before a later read).
  await expect.poll(async () => (await counts()).done, { timeout: 30_000 }).toBeGreaterThan(first.done);

  // The pull writes in a worker: the page answers a click at once, while the bar is still there.
  await app.nav.getByRole('button', { name: 'Collapse sidebar' }).click();
  await expect(app.nav.getByRole('button', { name: 'Expand sidebar' })).toBeVisible({ timeout: 1_000 });
  await app.nav.getByRole('button', { name: 'Expand sidebar' }).click();
  await expect(app.nav.getByRole('button', { name: 'Collapse sidebar' })).toBeVisible({ timeout: 1_000 });
  await expect(bar).toBeVisible();

  // Fleet Details shows the fleet while the records still come: the server's rows, then the mirror's.
  const fleetRows = page.getByRole('table', { name: 'Fleet Details' }).locator('tbody tr[aria-rowindex]');
  const rowCount = page.getByText(/^\d+( of \d+)? rows$/);
  await app.link('Fleet Details').click();
  await expect(fleetRows.first()).toBeVisible({ timeout: 15_000 });
  await expect(bar).toBeVisible();
  const countWhileSyncing = await rowCount.textContent();
  const firstRowWhileSyncing = await fleetRows.first().textContent();

  await expect(bar).toBeHidden({ timeout: 180_000 });
  // The records are in: Fleet Details shows the same fleet from the mirror while the answers still come.
  const answersBar = page.getByRole('progressbar', { name: 'Inspection answers' });
  await expect(answersBar).toBeVisible();
  await expect(fleetRows.first()).toBeVisible();
  await expect(rowCount).toHaveText(countWhileSyncing!);
  await expect(fleetRows.first()).toHaveText(firstRowWhileSyncing!);
  // Counts once the first page has said how many there are.
  const answersCounts = page.getByText(ANSWERS_LABEL);
  await expect(answersCounts).toBeVisible();
  const [, done, total] = ANSWERS_LABEL.exec((await answersCounts.textContent()) ?? '') ?? [];
  expect(number(total ?? '0')).toBeGreaterThan(number(done ?? '0'));
  await shot(page, 'first-sync-answers', { width: 1440 });
  await page.setViewportSize(SIZES[0]);
  await shot(page, 'first-sync-answers', SIZES[0]);
  await expect(answersBar).toBeHidden({ timeout: 120_000 });
  await app.waitSynced();
});
