import { describe, expect, it } from 'vitest';
import { assembleAf1800Report } from '../../core/rules/af1800-form.ts';
import { af1800ReportSchema, type Af1800Month, type Af1800Report } from '../../core/schema/af1800.ts';
import { DEFAULT_SEED } from './seed-if-empty.ts';
import { generateSeed } from './generate.ts';
import { seedAf1800Sources } from './testing/seed-af1800-sources.ts';

const TODAY = new Date(Date.UTC(2026, 2, 15));
const { tables } = generateSeed({ ...DEFAULT_SEED, orgs: 1, today: TODAY });

const sources = seedAf1800Sources(tables, tables.organizations[0]!.id, TODAY);

const forms = (month: Af1800Month): Af1800Report['forms'] => af1800ReportSchema.parse(assembleAf1800Report(sources, month, TODAY)).forms;
const some = <T>(list: T[], test: (item: T) => unknown) => list.some(test);

describe('the demo seed’s AF1800 forms', () => {
  it.each([
    ['the current month', { year: 2026, month: 3 }],
    ['the previous month', { year: 2026, month: 2 }],
  ])('fill every part of the form in %s', (_, month) => {
    const all = forms(month);
    expect(all.length).toBeGreaterThan(sources.vehicles.length / 2);
    const signatures = all.flatMap((f) => f.page1.signatures);
    expect(new Set(signatures.map((s) => s.shift))).toEqual(new Set([1, 2, 3]));
    const rows = all.flatMap((f) => f.page2.rows);
    expect(some(rows, (r) => r.mxReportStatus.workOrder && r.mxReportStatus.statusCode && r.mxReportStatus.employeeNumber && r.mxReportStatus.date)).toBe(true);
    expect(some(rows, (r) => r.reportedToMx.date && r.reportedToMx.name && r.reportedToMx.milesHours)).toBe(true);
    expect(some(all, (f) => f.page2.monthlyRequirement.milesHours?.miles && f.page2.monthlyRequirement.milesHours.operator)).toBe(true);
    expect(some(all, (f) => f.page2.monthlyRequirement.milesHours?.hours)).toBe(true);
    expect(some(all, (f) => f.page2.monthlyRequirement.tirePressure?.frontPsi && f.page2.monthlyRequirement.tirePressure.rearPsi)).toBe(true);
    const items = all.flatMap((f) => f.page3.items);
    expect(some(items, (i) => i.isChecked)).toBe(true);
    expect(some(items, (i) => !i.isChecked && i.text)).toBe(true);
    expect(all[0]!.page1).toMatchObject({ vcoName: 'Avery Morgan', organization: 'Wing 1 Vehicle Operations' });
    expect(all[0]!.page1.location && all[0]!.page1.basePhoneNo && all[0]!.page1.vcoPhoneNo).toBeTruthy();
  });
});
