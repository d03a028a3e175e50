import { expect, type Locator, type Page } from '@playwright/test';
import { firstDataRow } from './grid-rows.ts';

/** /Admin: the All Users grid, its filter panel and the add and modify dialogs. */
export class UsersPage {
  readonly grid: Locator;
  readonly addUser: Locator;
  readonly dialog: Locator;
  readonly filters: Locator;

  constructor(readonly page: Page) {
    this.grid = page.getByRole('table', { name: 'All Users' });
    this.addUser = page.getByRole('button', { name: 'Add User' });
    this.dialog = page.getByRole('dialog');
    this.filters = page.getByRole('dialog', { name: 'Filters' });
  }

  async open(): Promise<void> {
    await this.page.goto('/Admin');
    // A page load starts the app anew and fetches the screen's code: give it the time a loaded machine needs.
    await expect(this.page.getByRole('heading', { name: 'All Users' })).toBeVisible({ timeout: 20_000 });
    await expect(firstDataRow(this.grid)).toBeVisible({ timeout: 20_000 });
  }

  row(text: string): Locator {
    return this.grid.getByRole('row').filter({ hasText: text });
  }

  /** The given names of the rows shown, top to bottom. */
  async givenNames(): Promise<string[]> {
    const cells = this.grid.locator('tbody tr td:first-child');
    return (await cells.allInnerTexts()).map((t) => t.replace(/\s*Pending$/, '').trim());
  }

  /** Picks an option of a typeahead in the open dialog by typing part of its label. */
  async choose(label: string, option: string): Promise<void> {
    // A required field's label ends in an asterisk.
    const input = this.dialog.getByLabel(new RegExp(`^${label}( \\*)?$`));
    await input.click();
    await input.fill(option.slice(0, 4));
    await this.page.getByRole('option', { name: option, exact: true }).click();
  }

  async openFilters(): Promise<void> {
    await this.page.getByRole('button', { name: /^Filters/ }).click();
    await expect(this.filters).toBeVisible();
  }

  async closeFilters(): Promise<void> {
    await this.filters.getByRole('button', { name: 'Close filters' }).click();
    await expect(this.filters).toBeHidden();
  }
}
