import { expect, type Locator, type Page } from '@playwright/test';

/** An AF1800 modal: its PDF viewer (pdf.js pages with their text layer) and Download. */
export class Af1800Modal {
  readonly dialog: Locator;
  /** The text pdf.js found on the page shown. */
  readonly pageText: Locator;
  /** "of N" beside the page number. */
  readonly pageCount: Locator;

  constructor(
    readonly page: Page,
    title: string,
  ) {
    this.dialog = page.getByRole('dialog', { name: title, exact: true });
    this.pageText = this.dialog.locator('.react-pdf__Page__textContent');
    this.pageCount = this.dialog.getByText(/^of \d+$/);
  }

  /** Waits for the PDF's first page with its text; answers the number of pages. */
  async waitForPdf(): Promise<number> {
    await expect(this.pageText).not.toBeEmpty({ timeout: 30_000 });
    return Number((await this.pageCount.innerText()).replace('of ', ''));
  }

  async nextPage(): Promise<void> {
    await this.dialog.getByRole('button', { name: 'Next page' }).click();
  }

  async close(): Promise<void> {
    await this.page.keyboard.press('Escape');
    await expect(this.dialog).toBeHidden();
  }
}
