import { expect, test } from '@playwright/test';
import { AppShell } from './pages/app-shell.ts';
import { FleetPage } from './pages/fleet-page.ts';
import { createAccount, demoAccount, useOwnOrganization } from './support/accounts.ts';

useOwnOrganization();

test.beforeEach(async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
});

/** The grid's own comparison of text cells (sort-rows.ts' collator): numeric runs by value, case ignored. */
const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

/** MM/DD/YYYY as a sortable number (YYYYMMDD). */
const dayNumber = (text: string): number => {
  const [month, day, year] = text.split('/').map(Number);
  return year! * 10_000 + month! * 100 + day!;
};

test('scrolled to its right end, Fleet Details shows its last columns with their values', async ({ page }) => {
  const fleet = new FleetPage(page);
  await new AppShell(page).signInAndSync(demoAccount('jrsuper'));
  await fleet.open();
  // A wide grid renders the columns in view and a few more: the last ones come as the user scrolls.
  await expect(fleet.header('Most Recent Annotation')).toHaveCount(0);
  await fleet.scrollToLastColumns();
  await expect(fleet.header('Most Recent Annotation')).toBeVisible();
  await expect(fleet.header('Recent Notes')).toBeVisible();
  const notes = await fleet.columnTexts('Recent Notes');
  expect(notes.length).toBeGreaterThan(10);
  for (const text of notes) expect(text).toMatch(/^\d+$/);
  expect((await fleet.columnTexts('Most Recent Annotation')).some(Boolean)).toBe(true);
});

test('Fleet Details opens sorted by Inspection Date, newest first, and a header click sorts by that column A to Z, then Z to A', async ({ page }) => {
  const fleet = new FleetPage(page);
  await new AppShell(page).signInAndSync(demoAccount('jrsuper'));
  await fleet.open();

  await expect(fleet.header('Inspection Date')).toHaveAttribute('aria-sort', 'descending');
  await expect(fleet.header('Reg Number')).toHaveAttribute('aria-sort', 'none');
  const dates = await fleet.columnTexts('Inspection Date');
  expect(dates.length).toBeGreaterThan(10);
  // Blank dates sort last; the dates shown go from the newest down.
  const dated = dates.filter(Boolean);
  expect(dates.slice(0, dated.length)).toEqual(dated);
  expect(dated.length).toBeGreaterThan(10);
  expect(dated.map(dayNumber)).toEqual(dated.map(dayNumber).sort((a, b) => b - a));
  const before = await fleet.columnTexts('Reg Number');

  // The first click sorts ascending, as in a spreadsheet (the grid holds no rows for MRT to guess from).
  await fleet.clickHeader('Reg Number');
  await expect(fleet.header('Reg Number')).toHaveAttribute('aria-sort', 'ascending');
  await expect(fleet.header('Inspection Date')).toHaveAttribute('aria-sort', 'none');
  await expect.poll(() => fleet.columnTexts('Reg Number')).not.toEqual(before);
  const sorted = await fleet.columnTexts('Reg Number');
  expect(sorted.length).toBeGreaterThan(10);
  expect(sorted).toEqual([...sorted].sort(collator.compare));

  await fleet.clickHeader('Reg Number');
  await expect(fleet.header('Reg Number')).toHaveAttribute('aria-sort', 'descending');
  await expect.poll(() => fleet.columnTexts('Reg Number')).not.toEqual(sorted);
  const reversed = await fleet.columnTexts('Reg Number');
  expect(reversed).toEqual([...reversed].sort((a, b) => collator.compare(b, a)));
  expect(reversed[0]).not.toBe(sorted[0]);
});

test('a supervisor saves a Fleet Details view: it survives a reload and a new sign-in in another browser context', async ({ page, browser, baseURL }) => {
  test.setTimeout(120_000);
  // A supervisor of their own, so the saved view changes no other test's Fleet Details.
  const account = await createAccount(baseURL!, { role: 'jrSuper', firstName: 'Fleet', lastName: 'Viewer' });
  const app = new AppShell(page);
  const fleet = new FleetPage(page);
  await app.signInAndSync(account);
  await fleet.open();
  const defaultHeaders = await fleet.headers();
  expect(defaultHeaders.slice(0, 6)).toEqual(['AF-1800', 'Reg Number', 'WRM', 'Section', 'Vehicle Type', 'Status']);
  const total = await fleet.totalRows();
  const inCommission = await fleet.shownRows();

  // The first vehicle's type; every other type is taken out of the grid.
  const type = (await fleet.columnTexts('Vehicle Type'))[0]!;
  await fleet.openFilters();
  const types = fleet.filters.getByRole('group', { name: 'Vehicle Type values shown' });
  await types.getByRole('button', { name: 'Deselect All' }).click();
  await types.getByLabel(type, { exact: true }).check();
  await fleet.filters.getByLabel('WRM', { exact: true }).uncheck();
  for (let i = 0; i < 5; i++) await fleet.filters.getByRole('button', { name: 'Move Status left' }).click();
  await fleet.closeFilters();

  const expectView = async (view: FleetPage, shown: number) => {
    // Fleet Details renders the columns in view and a few more: the first eight are compared.
    await expect
      .poll(async () => (await view.headers()).slice(0, 8))
      .toEqual(['Status', 'AF-1800', 'Reg Number', 'Section', 'Vehicle Type', ...defaultHeaders.slice(6, 9)]);
    await expect(view.header('WRM')).toHaveCount(0);
    await expect(view.rowCount).toHaveText(`${shown} of ${total} rows`);
    const shownTypes = await view.columnTexts('Vehicle Type');
    expect(shownTypes.length).toBeGreaterThan(0);
    expect(new Set(shownTypes)).toEqual(new Set([type]));
  };
  await expect.poll(() => fleet.shownRows()).toBeLessThan(inCommission);
  const shown = await fleet.shownRows();
  expect(shown).toBeGreaterThan(0);
  await expectView(fleet, shown);

  await fleet.saveView.click();
  // Written to the mirror and the outbox first, then sent: wait for both before reloading.
  await expect(page.getByText('View saved')).toBeVisible();
  await expect(app.syncStatus).toContainText('All changes saved', { timeout: 15_000 });

  await page.reload();
  await fleet.waitForRows();
  await expectView(fleet, shown);

  const other = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  try {
    const elsewhere = new FleetPage(await other.newPage());
    await new AppShell(elsewhere.page).signInAndSync(account);
    await elsewhere.open();
    await expectView(elsewhere, shown);
  } finally {
    await other.close();
  }
});

test('double-clicking a row of Fleet Details opens that vehicle', async ({ page }) => {
  const fleet = new FleetPage(page);
  await new AppShell(page).signInAndSync(demoAccount('jrsuper'));
  await fleet.open();
  const [reg] = await fleet.columnTexts('Reg Number');
  // On a cell other than the registration link: the whole row opens the vehicle.
  const section = await fleet.header('Section').getAttribute('aria-colindex');
  await fleet.row(reg!).locator(`td[aria-colindex="${section}"]`).dblclick();
  await expect(page).toHaveURL(new RegExp(`/Vehicle/${reg}$`));
  await expect(page.getByRole('heading', { level: 1, name: reg })).toBeVisible();
});

test("Fleet Details' quick search finds a vehicle by part of its registration, its type or its section", async ({ page }) => {
  const fleet = new FleetPage(page);
  await new AppShell(page).signInAndSync(demoAccount('jrsuper'));
  await fleet.open();
  const total = await fleet.shownRows();
  const [reg] = await fleet.columnTexts('Reg Number');
  const search = page.getByRole('searchbox', { name: 'Search reg, type or section' });
  await search.fill(reg!.slice(-4).toLowerCase());
  await expect(fleet.row(reg!)).toBeVisible();
  expect(await fleet.shownRows()).toBeLessThan(total);
  for (const shown of await fleet.columnTexts('Reg Number')) expect(shown.toLowerCase()).toContain(reg!.slice(-4).toLowerCase());
  // A type: every row shown is of it.
  const [type] = await fleet.columnTexts('Vehicle Type');
  await search.fill(type!);
  await expect.poll(async () => new Set(await fleet.columnTexts('Vehicle Type'))).toEqual(new Set([type]));
  await search.fill('');
  await expect.poll(() => fleet.shownRows()).toBe(total);
});
