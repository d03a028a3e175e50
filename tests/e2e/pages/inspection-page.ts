import { expect, type Locator, type Page } from '@playwright/test';

/** /Vehicle/{regNumber}/inspection/{inspectionId}: the header and the results grid. */
export class InspectionPage {
  readonly results: Locator;
  readonly search: Locator;

  constructor(readonly page: Page) {
    this.results = page.getByRole('table', { name: 'Inspection results' });
    this.search = page.getByRole('searchbox', { name: 'Search results' });
  }

  async open(regNumber: string, inspectionId: string): Promise<void> {
    await this.page.goto(`/Vehicle/${encodeURIComponent(regNumber)}/inspection/${encodeURIComponent(inspectionId)}`);
    await this.waitFor(regNumber);
  }

  async waitFor(regNumber: string): Promise<void> {
    await expect(this.page.getByRole('heading', { level: 1, name: `Inspection of ${regNumber}`, exact: true })).toBeVisible({ timeout: 30_000 });
  }

  /** The value shown under a header label ('Date Performed', 'Inspector', ...). */
  field(label: string): Locator {
    return this.page.getByRole('main').locator(`xpath=.//p[normalize-space(.)="${label}"]/following-sibling::div[1]`);
  }

  /**
   * Searches the results for one rule and answers its row. The search matches text anywhere ('AF1800-2'
   * also finds AF1800-20 to 29), so the row is the one whose Rule ID is exactly the rule's.
   */
  async row(ruleId: string): Promise<Locator> {
    await this.search.fill(ruleId);
    const exact = new RegExp(`^${ruleId.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);
    const row = this.results.locator('tbody tr').filter({ has: this.page.locator('td:first-child').getByText(exact) });
    await expect(row).toHaveCount(1);
    return row;
  }

  /** Opens the image viewer of a result's pictures and waits for the first picture. */
  async openPictures(ruleId: string): Promise<void> {
    await (await this.row(ruleId)).getByRole('button', { name: / pictures of / }).click();
    await expect(
      this.page
        .getByRole('dialog', { name: /^Pictures of / })
        .locator('img')
        .first(),
    ).toBeVisible({ timeout: 20_000 });
  }

  /** A cell of a row, by its column's header. */
  async cell(row: Locator, header: string): Promise<Locator> {
    const index = await this.results.getByRole('columnheader', { name: new RegExp(`^${header.replace(/[?()]/g, '\\$&')} Sort`) }).getAttribute('aria-colindex');
    if (!index) throw new Error(`No column ${header}`);
    return row.locator(`td[aria-colindex="${index}"]`);
  }
}
