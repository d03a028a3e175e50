import { expect, type Locator, type Page } from '@playwright/test';

/** Insights and Reports as a user works them: charts by title, filters by label, dates typed. */
export class InsightsPage {
  constructor(readonly page: Page) {}

  /** A chart (its canvas carries the chart's summary as accessible name). */
  chart(title: string): Locator {
    return this.page.getByRole('img', { name: new RegExp(`^${title.replace(/[()]/g, '\\$&')}:`) });
  }

  /** What a chart shows, in words (its data-summary). */
  async summary(title: string): Promise<string> {
    await expect(this.chart(title)).toBeVisible();
    return (await this.chart(title).getAttribute('data-summary')) ?? '';
  }

  /** Chooses values of a multi-select filter by its label, then closes its list. */
  async choose(label: string, values: readonly string[]): Promise<void> {
    const input = this.page.getByRole('textbox', { name: label });
    for (const value of values) {
      await input.click();
      await this.page.getByRole('option', { name: value, exact: true }).click();
    }
    await input.press('Escape');
  }

  /** Types a day (MM/DD/YYYY) into a date field and leaves it. */
  async typeDay(label: string, day: Date, scope: Locator | Page = this.page): Promise<void> {
    const field = scope.getByRole('textbox', { name: label });
    const typed = `${String(day.getMonth() + 1).padStart(2, '0')}/${String(day.getDate()).padStart(2, '0')}/${day.getFullYear()}`;
    await field.fill(typed);
    await field.press('Tab');
    await expect(field).toHaveValue(typed);
  }
}

/** A day `n` days from today (negative: past), at noon. */
export function daysAgo(n: number): Date {
  const d = new Date();
  d.setHours(12, 0, 0, 0);
  d.setDate(d.getDate() - n);
  return d;
}
