import { expect, type Locator, type Page } from '@playwright/test';

/** Organization Administration (/OrganizationAdministration): the options, the panels and their dialogs. */
export class AdminPage {
  readonly leadTimes: Locator;

  constructor(readonly page: Page) {
    this.leadTimes = page.getByRole('table', { name: 'Lead times' });
  }

  async open(): Promise<void> {
    await this.page.goto('/OrganizationAdministration');
    await expect(this.page.getByRole('heading', { name: 'Organization Options' })).toBeVisible();
  }

  dialog(name: string | RegExp): Locator {
    return this.page.getByRole('dialog', { name });
  }

  section(name: string): Locator {
    return this.page.getByRole('group', { name: `Section ${name}`, exact: true });
  }

  vehicleType(name: string): Locator {
    return this.page.getByRole('group', { name: `Vehicle type ${name}`, exact: true });
  }

  /** The MEL table of a panel, as [name, MEL] rows. */
  async mels(panel: Locator): Promise<string[][]> {
    const rows = panel.getByRole('table', { name: 'MELs' }).getByRole('row');
    const texts = await rows.evaluateAll((trs) => trs.slice(1).map((tr) => [...tr.querySelectorAll('td')].slice(0, 2).map((td) => td.textContent?.trim() ?? '')));
    return texts;
  }

  /** Types a name into New Section, Rename Section or New Vehicle Type and saves it. */
  async saveName(title: string, name: string): Promise<void> {
    const dialog = this.dialog(title);
    await dialog.getByRole('textbox').fill(name);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
  }

  async newSection(name: string): Promise<void> {
    await this.page.getByRole('button', { name: 'New Section' }).click();
    await this.saveName('New Section', name);
  }

  async groupByVehicleType(on: boolean): Promise<void> {
    const toggle = this.page.getByRole('switch', { name: 'Group by Vehicle Type' });
    if ((await toggle.isChecked()) !== on) await this.page.getByText('Group by Vehicle Type').click();
    await expect(toggle).toBeChecked({ checked: on });
  }
}
