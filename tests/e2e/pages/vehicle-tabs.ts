import { expect, type Locator, type Page } from '@playwright/test';

/** The tabs of /Vehicle/{regNumber}: Notes and Washes so far. */
export class VehicleTabs {
  constructor(readonly page: Page) {}

  async open(tab: 'Notes' | 'Washes'): Promise<void> {
    await this.page.getByRole('tab', { name: tab }).click();
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
