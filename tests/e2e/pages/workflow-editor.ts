import { expect, type Locator, type Page } from '@playwright/test';

/** /InspectionWorkflow/:workflowId: the rule list, its rows and the right-hand panel. */
export class WorkflowEditor {
  readonly rules: Locator;

  constructor(readonly page: Page) {
    this.rules = page.getByTestId('workflow-rule');
  }

  async expectOpen(title: string): Promise<void> {
    await expect(this.page.getByRole('heading', { name: `Editing: ${title}`, level: 1 })).toBeVisible({ timeout: 20_000 });
  }

  rule(title: string): Locator {
    return this.page.getByRole('listitem', { name: new RegExp(`^Rule \\d+: ${title.replace(/[()]/g, '\\$&')}$`) });
  }

  /** The titles of the rules shown, top to bottom. */
  async titles(): Promise<string[]> {
    const labels = await this.rules.evaluateAll((rows) => rows.map((r) => r.getAttribute('aria-label') ?? ''));
    return labels.map((l) => l.replace(/^Rule \d+: /, ''));
  }

  badge(title: string, badge: string): Locator {
    return this.rule(title).getByText(badge, { exact: true });
  }

  /** Drags with the mouse from one element's centre to another's, in steps (dnd-kit starts after a few pixels). */
  async dragWithMouse(from: Locator, to: Locator, release = true): Promise<void> {
    const a = (await from.boundingBox())!;
    const b = (await to.boundingBox())!;
    await this.page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
    await this.page.mouse.down();
    await this.page.mouse.move(a.x + a.width / 2, a.y + a.height / 2 + 8, { steps: 4 });
    await this.page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 12 });
    if (release) await this.page.mouse.up();
  }
}
