import fs from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { AppShell } from './pages/app-shell.ts';
import { daysAgo, InsightsPage } from './pages/insights-page.ts';
import { insightsAnswerSchemas, insightsPaths } from '../../core/schema/insights.ts';
import { monthlyReportSchema } from '../../core/schema/monthly-report.ts';
import { apiAs, demoAccount, useOwnOrganization } from './support/accounts.ts';
import { expectAccessible } from './support/axe.ts';
import { expectNoHorizontalOverflow, SIZES, shot } from './support/screenshots.ts';
import { waitForWorkerControl } from './support/service-worker.ts';

useOwnOrganization();

const PER_DAY = 'Total inspection time per day (minutes)';

/** A local day as the date pickers send it (yyyy-mm-dd). */
const isoDay = (d: Date) => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;

async function csvLines(page: Page, button: string): Promise<{ name: string; lines: string[] }> {
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: button }).click();
  const file = await download;
  const text = fs.readFileSync((await file.path())!, 'utf8');
  return {
    name: file.suggestedFilename(),
    lines: text
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n'),
  };
}

/** Waits for the server's answers: the age line says when they were computed. */
async function answered(page: Page, what: 'Insights' | 'Reports') {
  await expect(page.getByText(new RegExp(`^${what} computed `))).toBeVisible({ timeout: 30_000 });
}

test('a vco changes the Insights dates and every filter and sees the charts change, downloads the usage CSV, reports on a section over a time range and downloads reports.csv; offline both open with their age', async ({
  page,
  context,
  baseURL,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  const app = new AppShell(page);
  const insights = new InsightsPage(page);
  const api = await apiAs(baseURL!, demoAccount('vco'));
  await app.signInAndSync(demoAccount('vco'));
  await waitForWorkerControl(page);

  // Insights: a year back to today by default.
  await app.link('Insights').click();
  await expect(page.getByRole('heading', { name: 'Insights', level: 1 })).toBeVisible();
  await answered(page, 'Insights');
  await expect(page.getByRole('textbox', { name: 'End date' })).toHaveValue(/\d{2}\/\d{2}\/\d{4}/);
  const whole = await insights.summary(PER_DAY);
  expect(whole).toMatch(/^\d+ days, [\d.]+ minutes over \d+ inspections$/);
  await expect(insights.chart('Average inspection time per inspector (minutes)')).toBeVisible();
  await expect(insights.chart('Inspection time per vehicle (minutes)')).toBeVisible();
  await expectAccessible(page, 'Insights');

  // A vehicle type: fewer inspections.
  await insights.choose('Vehicle types', ['Pickup 4x4']);
  const forklifts = await insights.summary(PER_DAY);
  expect(forklifts).not.toBe(whole);

  // A start date 10 days back: fewer days.
  await insights.typeDay('Start date', daysAgo(10));
  await expect.poll(() => insights.summary(PER_DAY)).not.toBe(forklifts);
  const days = Number(/^(\d+) days/.exec(await insights.summary(PER_DAY))![1]);
  expect(days).toBeLessThanOrEqual(11);
  // Part 2 §5: the start not before 2020-01-01: the picker refuses an earlier day and keeps the one before.
  const startField = page.getByRole('textbox', { name: 'Start date' });
  const kept = await startField.inputValue();
  await startField.fill('12/31/2019');
  await startField.press('Tab');
  await expect(startField).toHaveValue(kept);
  await insights.typeDay('Start date', daysAgo(40));
  await answered(page, 'Insights');

  // Usage: miles, then hours, by vehicle type; the CSV.
  await page.getByRole('tab', { name: 'Usage' }).click();
  const miles = await insights.summary('Usage over time (miles per month)');
  await page.getByText('Hours', { exact: true }).click();
  const hours = await insights.summary('Usage over time (hours per month)');
  expect(hours).toMatch(/hours$/);
  await insights.summary('Excessive usage (hours against errors)');
  // Forklifts count hours (a pickup has only miles).
  await insights.choose('Vehicle types', ['Forklift 10K']);
  await expect.poll(() => insights.summary('Usage over time (hours per month)')).not.toBe(hours);
  expect(miles).toMatch(/miles$/);
  const usage = await csvLines(page, 'Download Vehicle Usage');
  const first = daysAgo(40);
  const firstMonth = `${first.getFullYear()}-${String(first.getMonth() + 1).padStart(2, '0')}`;
  expect(usage.name).toMatch(new RegExp(`^vehicle-usage_${firstMonth}-\\d{4}-\\d{2}\\.csv$`));
  expect(usage.lines[0]).toMatch(new RegExp(`^Registration Number,Vehicle Type,${firstMonth} Miles,${firstMonth} Total Miles,${firstMonth} Kilometers,`));
  expect(usage.lines.length).toBeGreaterThan(1);
  expect(usage.lines.slice(1).every((line) => line.includes(',Forklift 10K,'))).toBe(true);

  // Failures: by vehicle type, then by rule. Each organization of the e2e run has its own history, so
  // the type and the rule are taken from what the server counts: a type whose vehicles failed more than
  // one AF-1800 rule, and one of those rules, so that each filter leaves failures and changes the charts.
  await page.getByRole('tab', { name: 'Failures' }).click();
  const perVehicle = await insights.summary('Failures per vehicle, by vehicle type');
  const range = `start=${isoDay(daysAgo(40))}&end=${isoDay(new Date())}`;
  const failing = insightsAnswerSchemas.failuresPerVehicle.parse((await api.get(`${insightsPaths.failuresPerVehicle.build({})}?${range}`)).body);
  const af1800RulesOf = (t: (typeof failing.vehicleTypes)[number]) => [
    ...new Set(t.vehicles.flatMap((v) => v.failuresByRule.map((f) => f.ruleId)).filter((id) => id.startsWith('AF1800-'))),
  ];
  const type = failing.vehicleTypes.find((t) => af1800RulesOf(t).length > 1 && failing.vehicleTypes.length > 1)!;
  expect(type).toBeDefined();
  const rule = failing.rules.find((r) => r.ruleId === af1800RulesOf(type)[0])!;
  await insights.choose('Vehicle types', [type.vehicleType]);
  await expect.poll(() => insights.summary('Failures per vehicle, by vehicle type')).not.toBe(perVehicle);
  const ofType = await insights.summary('Failures per day');
  await page.getByRole('textbox', { name: 'AF-1800 rules' }).click();
  await page.getByRole('option', { name: `${rule.ruleId} ${rule.title}`, exact: true }).click();
  await page.getByRole('textbox', { name: 'AF-1800 rules' }).press('Escape');
  await expect.poll(() => insights.summary('Failures per day')).not.toBe(ofType);
  expect(await insights.summary('Failures per day')).toMatch(/ of 1 rules /);
  await expectAccessible(page, 'Insights failures');

  // Reports: this month for the vco's section, then another section from a date, and the CSV.
  await app.link('Reports').click();
  await expect(page.getByRole('heading', { level: 1, name: /Report: This Month$/ })).toBeVisible();
  await answered(page, 'Reports');
  for (const card of ['Vehicles', 'Inspections', 'Discrepancies', 'LTI', 'PMI', 'Scheduled']) await expect(page.getByRole('group', { name: card })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Problem Vehicles' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Failures', level: 2 })).toBeVisible();
  // Another section that has vehicles, as the server reports them, chosen by typing in the typeahead.
  const { orgId } = (await api.get('/auth/users/self')).body as { orgId: string };
  const served = monthlyReportSchema.parse((await api.get(`/data/v1/organizations/${orgId}/reports/monthly?useOverview=false`)).body);
  const shown = /^(.*) Report: /.exec((await page.getByRole('heading', { level: 1 }).innerText()).trim())![1];
  const other = served.find((s) => s.name !== shown && s.vehicles.total > 0)!.name;
  const section = page.getByRole('textbox', { name: 'Section' });
  await expect(section).toHaveAttribute('placeholder', 'Find a section...');
  await section.fill(other.slice(0, 3));
  await page.getByRole('option', { name: other, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: `${other} Report: This Month` })).toBeVisible();

  await page.getByRole('button', { name: 'Time Range Options' }).click();
  const modal = page.getByRole('dialog', { name: 'Time Range Options' });
  const apply = modal.getByRole('button', { name: 'Apply' });
  await expect(apply).toBeDisabled();
  await modal.getByRole('radio', { name: 'Between Dates' }).check();
  await expect(modal.getByText('Choose a start date.')).toBeVisible();
  await insights.typeDay('Start date', daysAgo(5), modal);
  await insights.typeDay('End date', daysAgo(20), modal);
  await expect(modal.getByText('The start date must not be after the end date.')).toBeVisible();
  await expect(apply).toBeDisabled();
  await modal.getByRole('radio', { name: 'From Date' }).check();
  await insights.typeDay('Start date', daysAgo(30), modal);
  await apply.click();
  const start = daysAgo(30).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
  await expect(page.getByRole('heading', { level: 1, name: `${other} Report: ${start} - Today` })).toBeVisible();
  await answered(page, 'Reports');
  const inspections = Number(await page.getByRole('group', { name: 'Inspections' }).locator('p').nth(1).innerText());
  expect(inspections).toBeGreaterThan(0);
  // Part 2 §9: a part of a whole is also shown as a whole-number percentage of it.
  const failed = /Failed: (\d+) \((\d+)%\)/.exec(await page.getByRole('group', { name: 'Inspections' }).innerText());
  expect(failed).not.toBeNull();
  expect(Number(failed![2])).toBe(Math.round((Number(failed![1]) / inspections) * 100));
  const report = await csvLines(page, 'Download');
  expect(report.name).toBe('reports.csv');
  expect(report.lines[0]!.split(',')).toHaveLength(21);
  expect(report.lines.some((line) => line.startsWith(`${other},${start.replace(',', '')}`) || line.startsWith(`${other},"${start} - Today"`))).toBe(true);
  await expectAccessible(page, 'Reports');

  // Offline, after a reload: both open from what the device kept, saying how old it is.
  await context.setOffline(true);
  await page.reload();
  await app.link('Insights').click();
  await expect(page.getByText(/^Shown: the insights kept on this device, computed .* ago/)).toBeVisible();
  expect(await insights.summary(PER_DAY)).toBe(whole);
  // Dates never loaded on this device: the newest kept answers, saying which dates they cover.
  await insights.typeDay('Start date', daysAgo(3));
  await expect(page.getByText(/^These dates were not loaded on this device\. Shown: .* to .*, computed .* ago/)).toBeVisible();
  await app.link('Reports').click();
  await expect(page.getByText(/^Shown: the reports kept on this device, computed .* ago/)).toBeVisible();
  await expect(page.getByRole('group', { name: 'Vehicles' })).toBeVisible();
  await context.setOffline(false);
});

test('screenshots of each Insights tab and the report at 1024x768 and 1440x900', async ({ page }) => {
  test.setTimeout(120_000);
  const app = new AppShell(page);
  await page.setViewportSize(SIZES[0]);
  await app.signInAndSync(demoAccount('vco'));
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await app.link('Insights').click();
    await answered(page, 'Insights');
    for (const tab of ['Inspections', 'Usage', 'Failures']) {
      await page.getByRole('tab', { name: tab }).click();
      await expect(page.getByRole('img').first()).toBeVisible();
      await expectNoHorizontalOverflow(page);
      await shot(page, `insights-${tab.toLowerCase()}`, size, true);
    }
    await app.link('Reports').click();
    await answered(page, 'Reports');
    await expectNoHorizontalOverflow(page);
    // Off the sidebar link just clicked, whose tooltip would cover a card.
    await page.getByRole('heading', { level: 1 }).hover();
    await shot(page, 'reports', size, true);
  }
});
