import { expect, test, type Page } from '@playwright/test';
import type { Vehicle } from '../../core/schema/vehicle.ts';
import type { SavedRule } from '../../core/schema/rule.ts';
import type { Workflow, WorkflowWithRules } from '../../core/schema/workflow.ts';
import { AppShell } from './pages/app-shell.ts';
import { VehiclePage } from './pages/vehicle-page.ts';
import { WorkflowEditor } from './pages/workflow-editor.ts';
import { apiAs, demoAccount, useOwnOrganization } from './support/accounts.ts';
import { SIZES, shot } from './support/screenshots.ts';
import { expectAccessible } from './support/axe.ts';
import { waitForWorkerControl } from './support/service-worker.ts';

useOwnOrganization();

type Api = Awaited<ReturnType<typeof apiAs>>;

async function workflowsOf(api: Api): Promise<Workflow[]> {
  const { orgId } = (await api.get('/auth/users/self')).body as { orgId: string };
  return (await api.get(`/data/v1/organizations/${orgId}/workflows?showArchives=true`)).body as Workflow[];
}

async function workflowNamed(api: Api, title: string): Promise<WorkflowWithRules | undefined> {
  const { orgId } = (await api.get('/auth/users/self')).body as { orgId: string };
  const found = (await workflowsOf(api)).find((w) => w.title === title);
  if (!found) return undefined;
  return (await api.get(`/data/v1/organizations/${orgId}/workflows/${found.workflowId}?showRules=true`)).body as WorkflowWithRules;
}

const grid = (page: Page) => page.getByRole('table', { name: 'Inspection Workflows' });
/** The row of a workflow, by its name (the name cell also holds a 'Waiting to sync' mark while a change is pending). */
const row = (page: Page, title: string) =>
  grid(page)
    .locator('tbody tr')
    .filter({ has: page.getByText(title, { exact: true }) });

async function openFilters(page: Page) {
  await page.getByRole('button', { name: /^Filters/ }).click();
  await expect(page.getByRole('dialog', { name: 'Filters' })).toBeVisible();
  return page.getByRole('dialog', { name: 'Filters' });
}

test('a vco filters the list, deactivates and restores a workflow, edits one by mouse and keyboard, saves it as new for two vehicles and replaces another', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  const vco = demoAccount('vco');
  const api = await apiAs(baseURL!, vco);
  const app = new AppShell(page);
  await app.signInAndSync(vco);
  await app.link('Inspection Workflows').click();
  await expect(page.getByRole('heading', { name: 'Inspection Workflows', level: 1 })).toBeVisible();

  await expectAccessible(page, 'Inspection Workflows');

  // The AF-1800 Full workflows offer only edit.
  const template = row(page, 'AF-1800 Full (Hours)');
  await expect(template.getByRole('button', { name: 'Edit AF-1800 Full (Hours)' })).toBeVisible();
  await expect(template.getByRole('button', { name: /^(Delete|Restore) / })).toHaveCount(0);

  // The text filter.
  const filters = await openFilters(page);
  await filters.getByLabel('Name contains').fill('daily');
  await expect(grid(page).locator('tbody tr')).toHaveCount(2);
  await expect(row(page, 'Forklift Daily')).toBeVisible();
  await expect(row(page, 'Light Vehicle Daily')).toBeVisible();
  await filters.getByLabel('Name contains').fill('');
  await filters.getByRole('button', { name: 'Close filters' }).click();

  // Delete asks first, then sets the workflow inactive; Show Inactive brings it back to restore.
  await row(page, 'Light Vehicle Daily').getByRole('button', { name: 'Delete Light Vehicle Daily' }).click();
  const confirm = page.getByRole('dialog', { name: 'Confirm Setting Workflow Inactive' });
  await expect(confirm).toContainText('Are you sure you want to set workflow "Light Vehicle Daily" be inactive?');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(confirm).toBeHidden();
  await expect(row(page, 'Light Vehicle Daily')).toHaveCount(0);
  await expect.poll(async () => (await workflowsOf(api)).find((w) => w.title === 'Light Vehicle Daily')?.active).toBe(false);
  const showInactive = await openFilters(page);
  await showInactive.getByText('Show Inactive').click();
  await expect(showInactive.getByRole('switch', { name: 'Show Inactive' })).toBeChecked();
  await showInactive.getByRole('button', { name: 'Close filters' }).click();
  await expect(row(page, 'Light Vehicle Daily')).toContainText('No');
  await row(page, 'Light Vehicle Daily').getByRole('button', { name: 'Restore Light Vehicle Daily' }).click();
  await expect(row(page, 'Light Vehicle Daily').getByRole('button', { name: 'Delete Light Vehicle Daily' })).toBeVisible();
  await expect.poll(async () => (await workflowsOf(api)).find((w) => w.title === 'Light Vehicle Daily')?.active).toBe(true);

  // The editor.
  await row(page, 'Forklift Daily').getByRole('button', { name: 'Edit Forklift Daily' }).click();
  const editor = new WorkflowEditor(page);
  await editor.expectOpen('Forklift Daily');
  const opened = await editor.titles();
  expect(opened.slice(0, 4)).toEqual(['Hours', 'Fuel level', 'Brakes (service)', 'Brakes (parking)']);
  await expect(page.getByRole('button', { name: 'Save and Replace' })).toBeDisabled();

  // Reorder by mouse: Brakes (service) to the top.
  await editor.dragWithMouse(page.getByRole('button', { name: 'Move Brakes (service)', exact: true }), editor.rule('Hours'));
  await expect.poll(() => editor.titles().then((t) => t.slice(0, 3))).toEqual(['Brakes (service)', 'Hours', 'Fuel level']);
  // Reorder by keyboard: Horn one up (Space picks it up, an arrow moves it, Space drops it).
  const hornHandle = page.getByRole('button', { name: 'Move Horn', exact: true });
  await hornHandle.focus();
  await page.keyboard.press('Space');
  await expect(hornHandle).toHaveAttribute('aria-pressed', 'true');
  await page.keyboard.press('ArrowUp');
  // The live region tells a screen reader where the rule is: over another rule now, not over itself.
  const announcement = page.getByRole('status').filter({ hasText: /^Draggable item/ });
  await expect.poll(async () => /item (\S+) was moved over droppable area (?!\1\.)/.test(await announcement.innerText())).toBe(true);
  await page.keyboard.press('Space');
  await expect.poll(() => editor.titles().then((t) => t.indexOf('Horn'))).toBe(opened.indexOf('Horn') - 1);

  // A Pass/Fail rule dragged from the palette into the list, written and confirmed: Editing, then Added.
  await editor.dragWithMouse(page.getByRole('button', { name: 'Drag a Pass/Fail rule into the list' }), editor.rule('Fuel level'));
  const fresh = editor.rule('New rule');
  await expect(fresh.getByText('Editing', { exact: true })).toBeVisible();
  await fresh.getByLabel('Title').fill('Seat belt latches');
  await fresh.getByRole('button', { name: 'Confirm' }).click();
  await expect(editor.badge('Seat belt latches', 'Added')).toBeVisible();

  // A pre-saved Custom rule.
  await page.getByRole('button', { name: 'Add Custom rule' }).click();
  const choose = page.getByRole('dialog', { name: 'Add a pre-saved rule' });
  await choose.getByLabel('Rule').click();
  await page.getByRole('option', { name: 'Amber beacon light' }).click();
  await choose.getByRole('button', { name: 'Add' }).click();
  await expect(editor.badge('Amber beacon light', 'Added')).toBeVisible();

  // A threshold out of range: Invalid, and no save; undo to original clears it.
  await editor.rule('Hydraulic pressure').getByRole('button', { name: 'Edit Hydraulic pressure' }).click();
  await editor.rule('Hydraulic pressure').getByLabel('Threshold').fill('5000');
  await expect(editor.rule('Hydraulic pressure').getByText('The threshold must lie within the minimum and maximum')).toBeVisible();
  await editor.rule('Hydraulic pressure').getByRole('button', { name: 'Confirm' }).click();
  await expect(editor.badge('Hydraulic pressure', 'Invalid')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save and Replace' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Save As...' })).toBeDisabled();
  await editor.rule('Hydraulic pressure').getByRole('button', { name: 'Undo Hydraulic pressure to original' }).click();
  await expect(editor.rule('Hydraulic pressure').getByText(/^(Invalid|Modified)$/)).toHaveCount(0);

  // A description changed: Modified.
  await editor.rule('Horn').getByRole('button', { name: 'Edit Horn' }).click();
  await expect(editor.rule('Horn').getByLabel('Title')).toBeDisabled(); // a built-in rule keeps its title
  await editor.rule('Horn').getByRole('button', { name: 'Cancel' }).click();
  await editor.rule('Overhead guard and load backrest').getByRole('button', { name: 'Edit Overhead guard and load backrest' }).click();
  await editor.rule('Overhead guard and load backrest').getByLabel('Description').fill('Guard bolts tight, backrest straight');
  await editor.rule('Overhead guard and load backrest').getByRole('button', { name: 'Confirm' }).click();
  await expect(editor.badge('Overhead guard and load backrest', 'Modified')).toBeVisible();
  await expectAccessible(page, 'the rule editor with Added, Modified and Invalid rules');

  // Remove and undelete; a rule left removed is not saved; Show Removed Rules hides it.
  await editor.rule('LP tank level').getByRole('button', { name: 'Remove LP tank level' }).click();
  await editor.rule('LP tank level').getByRole('button', { name: 'Undelete' }).click();
  await expect(editor.rule('LP tank level').getByRole('button', { name: 'Undelete' })).toHaveCount(0);
  await editor.rule('Backup alarm').getByRole('button', { name: 'Remove Backup alarm' }).click();
  await expect(editor.rule('Backup alarm').getByRole('button', { name: 'Undelete' })).toBeVisible();
  await page.getByLabel('Show Removed Rules').uncheck();
  await expect(editor.rule('Backup alarm')).toHaveCount(0);
  await page.getByLabel('Show Removed Rules').check();

  // Save As: two vehicles, then a name (one in use first), then back to the list.
  const vehicles = ((await api.get('/data/v2/vehicles')).body as Vehicle[]).filter((v) => v.decommissionDate === null);
  const forklift = (await workflowsOf(api)).find((w) => w.title === 'Forklift Daily')!;
  const [first, second] = vehicles.filter((v) => v.workflowId !== forklift.workflowId);
  const expectedTitles = await editor.titles();
  await page.getByRole('button', { name: 'Save As...' }).click();
  const saveAs = page.getByRole('dialog', { name: 'Save As a new workflow' });
  // The vehicle list opens when asked, not by itself over the dialog's buttons.
  await expect(saveAs.getByRole('button', { name: 'Next' })).toBeVisible();
  await expect(page.getByRole('option')).toHaveCount(0);
  for (const vehicle of [first!, second!]) {
    await saveAs.getByLabel('Vehicles to move to the new workflow').fill(vehicle.regNumber);
    await page.getByRole('option', { name: new RegExp(`^${vehicle.regNumber} `) }).click();
  }
  await expect(saveAs).toContainText('2 vehicle(s) move to the new workflow.');
  await saveAs.getByRole('heading', { name: 'Save As a new workflow' }).click(); // closes the dropdown
  await saveAs.getByRole('button', { name: 'Next' }).click();
  await saveAs.getByLabel('Title').fill('deicer SEASONAL ');
  await saveAs.getByLabel('Title').blur();
  await expect(saveAs).toContainText('Workflow title already in use');
  await saveAs.getByLabel('Title').fill('Forklift Daily v2');
  await saveAs.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/InspectionWorkflow$/);
  await expect(row(page, 'Forklift Daily v2')).toBeVisible();

  const saved = await expect
    .poll(async () => (await workflowNamed(api, 'Forklift Daily v2'))?.rules.map((r) => r.title))
    .toEqual(expectedTitles.filter((t) => t !== 'Backup alarm'));
  void saved;
  const library = (await api.get(`/data/v1/organizations/${(await api.get('/auth/users/self')).body.orgId}/rules`)).body as SavedRule[];
  expect(library.map((r) => r.title)).toContain('Seat belt latches');
  // The vehicle header of both vehicles names the new workflow.
  for (const vehicle of [first!, second!]) {
    await new VehiclePage(page).open(vehicle.regNumber);
    await expect(new VehiclePage(page).field('Inspection Workflow')).toHaveText('Forklift Daily v2');
  }

  // Save and Replace another workflow: a rule removed, at the next version.
  await page.goto('/InspectionWorkflow');
  await row(page, 'Deicer Seasonal').getByRole('button', { name: 'Edit Deicer Seasonal' }).click();
  await editor.expectOpen('Deicer Seasonal');
  const deicer = await editor.titles();
  const before = (await workflowNamed(api, 'Deicer Seasonal'))!.version;
  const dropped = deicer.at(-1)!;
  await editor
    .rule(dropped)
    .getByRole('button', { name: `Remove ${dropped}` })
    .click();
  await page.getByRole('button', { name: 'Save and Replace' }).click();
  await expect(page).toHaveURL(/\/InspectionWorkflow$/);
  await expect
    .poll(async () => {
      const w = await workflowNamed(api, 'Deicer Seasonal');
      return { version: w?.version, titles: w?.rules.map((r) => r.title) };
    })
    .toEqual({ version: before + 1, titles: deicer.slice(0, -1) });

  // The template itself offers only Save As.
  await row(page, 'AF-1800 Full (Miles)').getByRole('button', { name: 'Edit AF-1800 Full (Miles)' }).click();
  await editor.expectOpen('AF-1800 Full (Miles)');
  await page
    .getByRole('button', { name: /^Remove / })
    .first()
    .click();
  await expect(page.getByRole('button', { name: 'Save As...' })).toBeEnabled();
  await expect(page.getByRole('button', { name: 'Save and Replace' })).toBeDisabled();
  // A non-numeric id goes back to the list.
  await page.goto('/InspectionWorkflow/abc');
  await expect(page).toHaveURL(/\/InspectionWorkflow$/);
  await page.goto('/InspectionWorkflow/123');
  await expect(page.getByText('This organization has no workflow 123.')).toBeVisible({ timeout: 20_000 });
});

test('offline, an edit is saved on the device and sent when back online; a sectionLead cannot open either screen and the server refuses their calls', async ({
  page,
  context,
  browser,
  baseURL,
}) => {
  test.setTimeout(150_000);
  await page.setViewportSize({ width: 1024, height: 768 });
  const vco = demoAccount('vco');
  const api = await apiAs(baseURL!, vco);
  const app = new AppShell(page);
  await app.signInAndSync(vco);
  await app.link('Inspection Workflows').click();
  await expect(row(page, 'Light Vehicle Daily')).toBeVisible();
  // The editor's code comes from the service worker's precache, in place once the worker controls the page.
  await waitForWorkerControl(page);

  await context.setOffline(true);
  await row(page, 'Light Vehicle Daily').getByRole('button', { name: 'Edit Light Vehicle Daily' }).click();
  const editor = new WorkflowEditor(page);
  await editor.expectOpen('Light Vehicle Daily');
  await expect(page.getByText(/^Offline\. A save waits on this device/)).toBeVisible();
  const titles = await editor.titles();
  await page.getByRole('button', { name: `Remove ${titles.at(-1)}` }).click();
  await page.getByRole('button', { name: 'Save and Replace' }).click();
  await expect(page).toHaveURL(/\/InspectionWorkflow$/);
  await expect(row(page, 'Light Vehicle Daily').getByRole('img', { name: 'Waiting to sync' })).toBeVisible();
  expect((await workflowNamed(api, 'Light Vehicle Daily'))?.rules.map((r) => r.title)).toEqual(titles);
  await context.setOffline(false);
  await expect.poll(async () => (await workflowNamed(api, 'Light Vehicle Daily'))?.rules.map((r) => r.title), { timeout: 30_000 }).toEqual(titles.slice(0, -1));
  await expect(row(page, 'Light Vehicle Daily').getByRole('img', { name: 'Waiting to sync' })).toHaveCount(0);

  // A sectionLead: no link, no screen, and every call refused.
  const leadContext = await browser.newContext({ viewport: { width: 1024, height: 768 } });
  const leadPage = await leadContext.newPage();
  const leadApp = new AppShell(leadPage);
  await leadApp.signIn(demoAccount('sectionlead'));
  await expect(leadApp.nav).toBeVisible();
  await expect(leadApp.link('Inspection Workflows')).toHaveCount(0);
  await leadPage.goto('/InspectionWorkflow');
  await expect(leadPage).toHaveURL(/\/$/);
  const workflow = (await workflowsOf(api))[0]!;
  await leadPage.goto(`/InspectionWorkflow/${workflow.workflowId}`);
  await expect(leadPage).toHaveURL(/\/$/);
  await leadContext.close();
  const lead = await apiAs(baseURL!, demoAccount('sectionlead'));
  const { orgId } = (await lead.get('/auth/users/self')).body as { orgId: string };
  const base = `/data/v1/organizations/${orgId}`;
  expect((await lead.get(`${base}/workflows?showArchives=true`)).status).toBe(403);
  expect((await lead.get(`${base}/workflows/${workflow.workflowId}?showRules=true`)).status).toBe(403);
  expect((await lead.post(`${base}/workflows`, { title: 'Not mine', rules: [{ title: 'A', frequency: 'daily', ruleType: 'passFail' }] })).status).toBe(403);
  expect((await lead.patch(`${base}/workflows/${workflow.workflowId}`, { active: true })).status).toBe(403);
  expect((await lead.delete(`${base}/workflows/${workflow.workflowId}`)).status).toBe(403);
  expect((await lead.post(`${base}/workflows/${workflow.workflowId}/assignByRegNumber`, ['X'])).status).toBe(403);
  expect((await lead.get(`${base}/rules`)).status).toBe(403);
});

test('screenshots at 1024x768 and 1440x900: the list, and the editor with badges and a drag in progress', async ({ page }) => {
  // One sign-in for both sizes: the editor opens afresh at each.
  test.setTimeout(120_000);
  const app = new AppShell(page);
  await app.signInAndSync(demoAccount('vco'));
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await page.goto('/InspectionWorkflow');
    await expect(row(page, 'Forklift Daily')).toBeVisible({ timeout: 20_000 });
    await shot(page, 'workflows-list', size);
    await row(page, 'Forklift Daily').getByRole('button', { name: 'Edit Forklift Daily' }).click();
    const editor = new WorkflowEditor(page);
    await editor.expectOpen('Forklift Daily');
    await editor.rule('Hydraulic pressure').getByRole('button', { name: 'Edit Hydraulic pressure' }).click();
    await editor.rule('Hydraulic pressure').getByLabel('Threshold').fill('5000');
    await editor.rule('Hydraulic pressure').getByRole('button', { name: 'Confirm' }).click();
    await page.getByRole('button', { name: 'Add Pass/Fail rule' }).click();
    await editor.rule('Overhead guard and load backrest').getByRole('button', { name: 'Edit Overhead guard and load backrest' }).click();
    await editor.rule('Overhead guard and load backrest').getByLabel('Description').fill('Guard bolts tight');
    await editor.rule('Overhead guard and load backrest').getByRole('button', { name: 'Confirm' }).click();
    await editor.rule('Backup alarm').getByRole('button', { name: 'Remove Backup alarm' }).click();
    await expect(editor.badge('Hydraulic pressure', 'Invalid')).toBeVisible();
    await page.evaluate(() => window.scrollTo(0, 0));
    await shot(page, 'workflows-editor', size);
    await editor.dragWithMouse(page.getByRole('button', { name: 'Move Horn', exact: true }), editor.rule('Brakes (service)'), false);
    await expect(page.getByTestId('rule-drag-overlay')).toBeVisible();
    await shot(page, 'workflows-editor-drag', size);
    await page.mouse.up();
  }
});
