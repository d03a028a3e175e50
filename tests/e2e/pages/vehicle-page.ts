import { expect, type Locator, type Page } from '@playwright/test';

/** The header of /Vehicle/{regNumber}: its fields and the dialogs that edit them. */
export class VehiclePage {
  readonly dialog: Locator;
  /** The header's "Pending" badge: a change of this vehicle waits to be sent. */
  readonly pending: Locator;

  constructor(readonly page: Page) {
    this.dialog = page.getByRole('dialog');
    this.pending = page.getByTitle('Waiting to be sent to the server');
  }

  async open(regNumber: string): Promise<void> {
    await this.page.goto(`/Vehicle/${encodeURIComponent(regNumber)}`);
    await this.waitFor(regNumber);
  }

  async waitFor(regNumber: string): Promise<void> {
    await expect(this.page.getByRole('heading', { level: 1, name: regNumber, exact: true })).toBeVisible({ timeout: 30_000 });
  }

  /** The value shown under a header label ("Section", "EOL Date", "WRM", ...). */
  field(label: string): Locator {
    return this.page.getByRole('main').locator(`xpath=.//p[normalize-space(.)="${label}"]/following-sibling::div[1]/div[1]`);
  }

  /**
   * Edits the section or the workflow: opens the picker and chooses the first option other than
   * the current one; answers the name chosen.
   */
  async pickAnother(edit: 'Edit section' | 'Edit inspection workflow', label: 'Section' | 'Workflow'): Promise<string> {
    const current = (await this.field(label === 'Section' ? 'Section' : 'Inspection Workflow').innerText()).trim();
    await this.page.getByRole('button', { name: edit }).click();
    const dialog = this.page.getByRole('dialog', { name: edit === 'Edit section' ? 'Edit Section' : 'Edit Inspection Workflow' });
    await dialog.getByLabel(new RegExp(`^${label}`)).click();
    const options = this.page.getByRole('option');
    await expect(options.first()).toBeVisible();
    const names = (await options.allInnerTexts()).map((t) => t.trim());
    const next = names.find((name) => name !== current);
    if (!next) throw new Error(`No ${label} other than ${current} to choose from: ${names.join(', ')}`);
    await this.page.getByRole('option', { name: next, exact: true }).click();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
    return next;
  }

  /** Opens Edit Description, lets `fill` change it, and saves. */
  async editDescription(fill: (dialog: Locator) => Promise<void>): Promise<void> {
    await this.page.getByRole('button', { name: 'Edit description' }).click();
    const dialog = this.page.getByRole('dialog', { name: 'Edit Description' });
    await fill(dialog);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
  }

  /** Sets the status in the Update Status dialog (FMC, Warning, Inoperable, In Mx), no ETIC. */
  async setStatus(label: string): Promise<void> {
    await this.page.getByRole('button', { name: 'Update status' }).click();
    const dialog = this.page.getByRole('dialog', { name: 'Update Status' });
    await dialog.getByText(label, { exact: true }).click();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
  }
}
