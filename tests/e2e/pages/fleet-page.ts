import { expect, type Locator, type Page } from '@playwright/test';
import { firstDataRow } from './grid-rows.ts';

/** /FleetDetails: the grid, its column headers, the filter panel and Save View. */
export class FleetPage {
  readonly grid: Locator;
  readonly filters: Locator;
  readonly saveView: Locator;
  /** The grid's footer: "N rows" or "N of M rows". */
  readonly rowCount: Locator;

  constructor(readonly page: Page) {
    this.grid = page.getByRole('table', { name: 'Fleet Details' });
    this.filters = page.getByRole('dialog', { name: 'Filters' });
    this.saveView = page.getByRole('button', { name: 'Save View' });
    this.rowCount = page.getByText(/^\d+( of \d+)? rows?$/);
  }

  async open(): Promise<void> {
    await this.page.goto('/FleetDetails');
    await this.waitForRows();
  }

  async waitForRows(): Promise<void> {
    await expect(this.page.getByRole('heading', { name: 'Fleet Details' })).toBeVisible({ timeout: 20_000 });
    await expect(firstDataRow(this.grid)).toBeVisible({ timeout: 30_000 });
  }

  /** The number of rows shown (N of "N of M rows"). */
  async shownRows(): Promise<number> {
    return Number((await this.rowCount.innerText()).split(' ')[0]);
  }

  /** The rows the grid holds before its filters (M of "N of M rows"). */
  async totalRows(): Promise<number> {
    const words = (await this.rowCount.innerText()).split(' ');
    return Number(words[1] === 'of' ? words[2] : words[0]);
  }

  /** A column's header cell (its name also holds the sort button's label, "Sort by ..."). */
  header(name: string): Locator {
    return this.grid.getByRole('columnheader', { name: new RegExp(`^${name} Sort`) });
  }

  /** The titles of the columns rendered, left to right: those in view and a few more (the grid renders no others). */
  async headers(): Promise<string[]> {
    const texts = await this.grid.getByRole('columnheader').allInnerTexts();
    return texts.map((t) => t.trim()).filter(Boolean);
  }

  /** Clicks a column's title, as a user does to sort by it. */
  async clickHeader(name: string): Promise<void> {
    await this.header(name).getByText(name, { exact: true }).click();
  }

  /**
   * The texts of one column in the rows on screen, top to bottom (the grid is virtualized: these are
   * the first rows and a few more, which is what the user sees). Cells are found by their column's
   * aria-colindex: scrolled sideways, the grid renders only the columns in view.
   */
  async columnTexts(name: string, timeout?: number): Promise<string[]> {
    return (await this.renderedCells(name, timeout)).map((text) => text ?? '');
  }

  /** A column's cells in the rows on screen: null where the grid has drawn the header but not yet that row's cell. */
  private async renderedCells(name: string, timeout?: number): Promise<(string | null)[]> {
    const index = await this.header(name).getAttribute('aria-colindex', timeout === undefined ? undefined : { timeout });
    if (!index) throw new Error(`No column ${name} is shown`);
    return this.grid
      .locator('tbody tr')
      .evaluateAll((rows, i) => rows.map((row) => (row.querySelector(`td[aria-colindex="${i}"]`) as HTMLElement | null)?.innerText.trim() ?? null), index);
  }

  /** Scrolls the grid sideways to its right end, as a user does to reach the last columns. */
  async scrollToLastColumns(): Promise<void> {
    await this.grid.evaluate((table) => {
      const container = table.closest<HTMLElement>('.mrt-table-container');
      if (!container) throw new Error('The grid has no scroll container');
      container.scrollLeft = container.scrollWidth;
    });
  }

  /** The text of a column in the first row, scrolling sideways until the grid renders that column. */
  async firstRowValue(name: string): Promise<string> {
    const scroll = (by: number | null) =>
      this.grid.evaluate((table, step) => {
        const container = table.closest<HTMLElement>('.mrt-table-container');
        if (!container) throw new Error('The grid has no scroll container');
        const before = container.scrollLeft;
        container.scrollLeft = step === null ? 0 : before + step;
        return container.scrollLeft !== before;
      }, by);
    await scroll(null);
    const deadline = Date.now() + 30_000;
    while (Date.now() < deadline) {
      if ((await this.header(name).count()) > 0) {
        // The grid renders columns as it scrolls: a header seen a moment ago may be gone at the next
        // look while it settles, and its first row's cell may lag the header by a frame (an absent
        // cell is not an empty one). Look again rather than wait on either.
        const texts = await this.renderedCells(name, 2_000).catch(() => null);
        if (texts && texts[0] !== null) return texts[0] ?? '';
        await this.page.waitForTimeout(100);
        continue;
      }
      // Sideways a step; from the left end again once past it (a header that vanished while the grid
      // settled can be scrolled past).
      if (!(await scroll(300))) await scroll(null);
      await this.page.waitForTimeout(50);
    }
    throw new Error(`No column ${name} in Fleet Details`);
  }

  /** The row of a vehicle, by its registration link. */
  row(regNumber: string): Locator {
    return this.grid.getByRole('row').filter({ has: this.page.getByRole('link', { name: regNumber, exact: true }) });
  }

  async openFilters(): Promise<void> {
    await this.page.getByRole('button', { name: /^Filters/ }).click();
    await expect(this.filters).toBeVisible();
  }

  async closeFilters(): Promise<void> {
    await this.filters.getByRole('button', { name: 'Close filters' }).click();
    await expect(this.filters).toBeHidden();
  }

  /** Narrows the grid to registrations containing the text (filter panel, Reg Number). */
  async filterByRegNumber(text: string): Promise<void> {
    await this.openFilters();
    await this.filters.getByLabel('Reg Number contains').fill(text);
    await this.closeFilters();
  }
}
