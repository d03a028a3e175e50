import { describe, expect, it } from 'vitest';
import { isValidRegNumber } from '../../core/schema/registration.ts';
import { inspectionDetailMirrorStart } from '../../core/schema/inspection.ts';
import { generateSeed } from './generate.ts';
import { FACTORY_ORG } from './org-factory.ts';
import type { SeedData } from './types.ts';

const TODAY = new Date(Date.UTC(2026, 2, 15));
const data = generateSeed({ orgs: 2, vehicles: 30, days: 40, today: TODAY });
const { tables: t } = data;

type Timed = { id: string; createdAt?: Date | undefined; updatedAt?: Date | undefined };

function groupBy<T>(rows: readonly T[], key: (row: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const row of rows) groups.set(key(row), [...(groups.get(key(row)) ?? []), row]);
  return groups;
}

/** Records generated: every row, and each answer of an inspection (they are stored in its row). */
const total = (d: SeedData) =>
  Object.values(d.tables).reduce((n, rows) => n + rows.length, 0) + d.tables.inspections.reduce((n, i) => n + (i.results?.length ?? 0), 0);

describe('generateSeed', () => {
  it('makes the same rows without the inspections’ answers when asked for none', () => {
    const without = generateSeed({ orgs: 2, vehicles: 30, days: 40, today: TODAY, answers: false });
    expect(without.tables.inspections.every((i) => i.results?.length === 0)).toBe(true);
    expect(t.inspections.some((i) => (i.results?.length ?? 0) > 0)).toBe(true);
    const answersLeftOut = { ...t, inspections: t.inspections.map((i) => ({ ...i, results: [] })) };
    expect(without.tables).toEqual(answersLeftOut);
  });

  it('makes unique ids of 21 characters (workflow ids are numbers) and nothing after today', () => {
    const moments = ['createdAt', 'updatedAt', 'completionDate', 'actualCompletionDate', 'reportDate', 'validFrom', 'statusValidFrom', 'eventTime'];
    const problems: string[] = [];
    for (const [name, rows] of Object.entries(t) as [string, Timed[]][]) {
      if (new Set(rows.map((r) => r.id)).size !== rows.length) problems.push(`${name}: duplicate ids`);
      const idPattern = name === 'workflows' ? /^[1-9]\d{0,15}$/ : /^[A-Za-z0-9_-]{21}$/;
      for (const row of rows) {
        if (!idPattern.test(row.id)) problems.push(`${name}: id ${row.id}`);
        for (const key of moments) {
          const value = (row as Record<string, unknown>)[key];
          if (value instanceof Date && value.getTime() >= TODAY.getTime()) problems.push(`${name}.${key} ${value.toISOString()}`);
        }
        if (row.createdAt && row.updatedAt && row.updatedAt < row.createdAt) problems.push(`${name} ${row.id}: updated before created`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('keeps each vehicle row equal to its newest management and status rows', () => {
    const management = groupBy(t.vehicleManagement, (r) => r.vehicleId);
    const statuses = groupBy(t.vehicleStatuses, (r) => r.vehicleId);
    for (const v of t.vehicles) {
      expect(isValidRegNumber(v.regNumber)).toBe(true);
      const m = [...management.get(v.id)!].sort((a, b) => a.validFrom.getTime() - b.validFrom.getTime()).at(-1)!;
      expect([m.sectionId, m.workflowId, m.vehicleType, m.wrm, m.eolDate, m.validFrom]).toEqual([
        v.sectionId,
        v.workflowId,
        v.vehicleType,
        v.wrm,
        v.eolDate,
        v.managementValidFrom,
      ]);
      const history = statuses.get(v.id)!;
      history.slice(1).forEach((s, i) => expect(s.validFrom.getTime()).toBeGreaterThan(history[i]!.validFrom.getTime()));
      const s = history.at(-1)!;
      expect([s.status, s.eticDate, s.validFrom, s.userId]).toEqual([v.status, v.eticDate ?? null, v.statusValidFrom, v.statusUserId]);
      if (v.status !== 'valid') expect(v.eticDate).toBeInstanceOf(Date);
    }
  });

  it('inspects only vehicles in commission, off TDY and not grounded, with odometers that never go back', () => {
    const vehicles = new Map(t.vehicles.map((v) => [v.id, v]));
    const statuses = groupBy(t.vehicleStatuses, (r) => r.vehicleId);
    const tdys = groupBy(t.tdys, (r) => r.vehicleId);
    for (const [vehicleId, inspections] of groupBy(t.inspections, (r) => r.vehicleId)) {
      const v = vehicles.get(vehicleId)!;
      const sorted = [...inspections].sort((a, b) => a.inspectionDate.getTime() - b.inspectionDate.getTime());
      sorted.forEach((inspection, i) => {
        const before = sorted[i - 1];
        if (before) expect((inspection.miles ?? 0) >= (before.miles ?? 0) && (inspection.hours ?? 0) >= (before.hours ?? 0)).toBe(true);
        const status = statuses
          .get(vehicleId)!
          .filter((s) => s.validFrom <= inspection.inspectionDate)
          .at(-1)!.status;
        expect(['valid', 'warning']).toContain(status);
        if (v.decommissionDate) expect(inspection.inspectionDate.getTime()).toBeLessThan(v.decommissionDate.getTime());
        const day = inspection.inspectionDate.toISOString().slice(0, 10);
        expect((tdys.get(vehicleId) ?? []).some((tdy) => day >= tdy.startDate && day <= tdy.endDate!)).toBe(false);
        const answers = inspection.results!;
        expect(answers.filter((r) => r.isFixed).length).toBe(inspection.numFixes);
        expect(inspection.passed).toBe(answers.every((r) => r.result.isPassing || r.isFixed));
      });
    }
  });

  it('finds every discrepancy in an inspection of its vehicle', () => {
    const inspections = new Map(t.inspections.map((i) => [i.id, i]));
    for (const d of t.discrepancies) {
      const found = inspections.get(d.parentInspectionId!)!;
      expect([found.vehicleId, found.completionDate]).toEqual([d.vehicleId, d.dateDiscovered]);
      expect((d.workOrder ?? '').length).toBeLessThanOrEqual(15);
      expect((d.systemCode ?? '').length).toBeLessThanOrEqual(10);
    }
  });

  it('grows linearly with vehicles and days and keeps organization 1 when more are asked for', () => {
    const small = generateSeed({ orgs: 1, vehicles: 20, days: 20, today: TODAY });
    const wide = generateSeed({ orgs: 1, vehicles: 40, days: 20, today: TODAY });
    const long = generateSeed({ orgs: 1, vehicles: 20, days: 40, today: TODAY });
    expect(total(wide) / total(small)).toBeGreaterThan(1.6);
    expect(total(wide) / total(small)).toBeLessThan(2.4);
    expect(total(long) / total(small)).toBeGreaterThan(1.6);
    expect(total(long) / total(small)).toBeLessThan(2.4);
    const org1 = data.organizations[0]!.orgId;
    expect(generateSeed({ orgs: 1, vehicles: 30, days: 40, today: TODAY }).tables.vehicles).toEqual(t.vehicles.filter((v) => v.orgId === org1));
  });
});

describe('every organization the e2e factory makes', () => {
  // Specs get the factory's organizations in whatever order they start: each must show an inspection
  // detail with every result type and a picture among the details a device mirrors.
  it('has recent inspections with each type of result of its workflows and a picture', () => {
    const today = new Date(Date.UTC(2026, 11, 2));
    const start = inspectionDetailMirrorStart(today);
    const missing: string[] = [];
    for (let n = 1; n <= 40; n++) {
      const { tables } = generateSeed({ orgs: 1, ...FACTORY_ORG, today, firstOrg: n });
      const recent = tables.inspections.filter((i) => i.inspectionDate >= start);
      const types = new Set<string | null>(recent.flatMap((i) => (i.results ?? []).map((r) => r.type)));
      for (const type of ['passFail', 'threshold', 'counter', 'target'] as const) if (!types.has(type)) missing.push(`org ${n}: no ${type} result`);
      const recentIds = new Set(recent.map((i) => i.id));
      if (!tables.inspectionPictures.some((p) => recentIds.has(p.inspectionId))) missing.push(`org ${n}: no picture`);
    }
    expect(missing).toEqual([]);
  });
});
