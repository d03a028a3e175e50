import { expect, type Locator, type Page } from '@playwright/test';

/** The day as a user types it into a date field (MM/DD/YYYY). */
export const typedDay = (day: Date): string => `${String(day.getMonth() + 1).padStart(2, '0')}/${String(day.getDate()).padStart(2, '0')}/${day.getFullYear()}`;

/** A day `days` from today, at noon where the browser is. */
export const daysFromNow = (days: number): Date => {
  const day = new Date();
  day.setHours(12, 0, 0, 0);
  day.setDate(day.getDate() + days);
  return day;
};

/** The tabs of /Vehicle/{regNumber}. */
export class VehicleTabs {
  constructor(readonly page: Page) {}

  async open(tab: 'Inspections' | 'Notes' | 'Washes' | 'Maintenance' | 'TDY' | 'Waivers' | 'Documents'): Promise<void> {
    await this.page.getByRole('tab', { name: tab, exact: true }).click();
  }

  /** A sub-tab of Maintenance. */
  async openMaintenance(tab: 'Required' | 'Scheduled' | 'LTI' | 'PMI'): Promise<void> {
    await this.open('Maintenance');
    await this.page.getByRole('tab', { name: tab, exact: true }).click();
  }

  /** The body rows of the grid with this name ('Scheduled maintenance', 'LTIs', 'PMIs', 'TDYs', 'Washes'). */
  rows(grid: string): Locator {
    return this.page.getByRole('table', { name: grid }).locator('tbody tr[aria-rowindex]');
  }

  /** A column's texts in a grid's rows, top to bottom (by the header's aria-colindex). */
  async columnTexts(grid: string, header: string): Promise<string[]> {
    const table = this.page.getByRole('table', { name: grid });
    const index = await table.getByRole('columnheader', { name: new RegExp(`^${header} Sort`) }).getAttribute('aria-colindex');
    if (!index) throw new Error(`No column ${header} in ${grid}`);
    return table
      .locator('tbody tr[aria-rowindex]')
      .evaluateAll((rows, i) => rows.map((row) => (row.querySelector(`td[aria-colindex="${i}"]`) as HTMLElement | null)?.innerText.trim() ?? ''), index);
  }

  /** Types a day into a date field and leaves it, as a keyboard user does. */
  async typeDay(field: Locator, day: Date): Promise<void> {
    await field.fill(typedDay(day));
    await field.press('Tab');
    await expect(field).toHaveValue(typedDay(day));
  }

  dialog(title: string): Locator {
    return this.page.getByRole('dialog', { name: title });
  }

  /** The washes grid's rows (the body rows of the grid named 'Washes'). */
  washRows(): Locator {
    return this.page.getByRole('table', { name: 'Washes' }).locator('tbody tr[aria-rowindex]');
  }

  /** Picks a day of the calendar of a date-time field (the time stays as the picker has it). */
  async pickDay(field: Locator, day: Date): Promise<void> {
    await field.click();
    const calendar = this.page.locator(`#${await field.getAttribute('aria-controls')}`);
    const now = new Date();
    const months = (day.getFullYear() - now.getFullYear()) * 12 + day.getMonth() - now.getMonth();
    for (let i = 0; i < Math.abs(months); i++)
      await calendar
        .getByRole('button')
        .nth(months > 0 ? 2 : 0)
        .click();
    const name = `${day.getDate()} ${day.toLocaleString('en-US', { month: 'long' })} ${day.getFullYear()}`;
    await calendar.getByRole('button', { name, exact: true }).click();
    await calendar.locator('.mantine-DateTimePicker-submitButton').click();
    await expect(calendar).toBeHidden();
  }
}
