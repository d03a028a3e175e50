// The baseline of bench/insights.bench.ts: each insights answer and the monthly report computed in plain
// TypeScript from the rows read out of the database, as a server without SQL aggregates would: the
// inspections in range a week at a time (answers included where the figure needs them, every inspection's,
// not only those that can hold a failure), the other tables whole. Each figure follows
// docs/insights-reports.md, "The server's figures", written again here, so the bench fails when the SQL
// and this reading of the rules disagree.
import { and, eq, gte, isNull, lt, or, isNotNull } from 'drizzle-orm';
import type { ReportRange } from '../core/rules/report-range.ts';
import type { InspectionResult } from '../core/schema/inspection.ts';
import type { FailuresOverview, FailuresPerVehicle, InspectInsight, InsightVehicle, InsightsQuery, UsageExcess, UsageTimeseries } from '../core/schema/insights.ts';
import { PROBLEM_LIST_LENGTH, type MonthlyReport, type ProblemVehicle } from '../core/schema/monthly-report.ts';
import type { Db } from '../server/db/client.ts';
import { discrepancies, inspections, ltis, pmis, rules, scheduledMx, sections, users, vehicles, workflowRules } from '../server/db/schema/index.ts';
import { byName, compareIso } from '../server/modules/insights/order.ts';

const DAY_MS = 86_400_000;
const WINDOW_MS = 7 * DAY_MS;
const utcDay = (d: Date) => d.toISOString().slice(0, 10);

interface Range {
  from: Date;
  to: Date;
}
const rangeOf = (start: string, end: string): Range => ({ from: new Date(`${start}T00:00:00Z`), to: new Date(Date.parse(`${end}T00:00:00Z`) + DAY_MS) });
const inRange = (d: Date | null, r: Range) => d !== null && d.getTime() >= r.from.getTime() && d.getTime() < r.to.getTime();

interface InspectionRow {
  vehicleId: string;
  inspectionDate: Date;
  durationSeconds: number | null;
  inspectorId: string | null;
  inspectorName: string | null;
  miles: number | null;
  hours: number | null;
  passed: boolean;
  numNotes: number;
  results?: InspectionResult[];
}

const HEADER = {
  vehicleId: inspections.vehicleId,
  inspectionDate: inspections.inspectionDate,
  durationSeconds: inspections.durationSeconds,
  inspectorId: inspections.inspectorId,
  inspectorName: inspections.inspectorName,
  miles: inspections.miles,
  hours: inspections.hours,
  passed: inspections.passed,
  numNotes: inspections.numNotes,
};

/** Every live inspection of the organization in range, a week of rows at a time (with their answers when asked). */
async function eachInspection(db: Db, orgId: string, range: Range, withAnswers: boolean, visit: (row: InspectionRow) => void): Promise<void> {
  const columns = withAnswers ? { ...HEADER, results: inspections.results } : HEADER;
  for (let at = range.from.getTime(); at < range.to.getTime(); at += WINDOW_MS) {
    const until = Math.min(at + WINDOW_MS, range.to.getTime());
    const rows: InspectionRow[] = await db
      .select(columns)
      .from(inspections)
      .where(
        and(
          eq(inspections.orgId, orgId),
          isNull(inspections.deletedAt),
          gte(inspections.inspectionDate, new Date(at)),
          lt(inspections.inspectionDate, new Date(until)),
        ),
      );
    for (const row of rows) visit(row);
  }
}

type VehicleRow = typeof vehicles.$inferSelect;

async function liveVehicles(db: Db, orgId: string): Promise<Map<string, VehicleRow>> {
  const rows = await db
    .select()
    .from(vehicles)
    .where(and(eq(vehicles.orgId, orgId), isNull(vehicles.deletedAt)));
  return new Map(rows.map((v) => [v.id, v]));
}

const tooltip = (v: VehicleRow): InsightVehicle => ({
  vehicleId: v.id,
  regNumber: v.regNumber,
  vehicleType: v.vehicleType,
  year: v.year,
  make: v.make,
  model: v.model,
});
const byReg = (a: InsightVehicle, b: InsightVehicle) => byName(a.regNumber, b.regNumber) || compareIso(a.vehicleId, b.vehicleId);

/** The newest of a name or title seen: the later moment, at the same moment the greater text. */
function keepNewest(map: Map<string, { at: number; text: string }>, key: string, at: number, text: string): void {
  const seen = map.get(key);
  if (!seen || at > seen.at || (at === seen.at && text > seen.text)) map.set(key, { at, text });
}

export async function memoryInspect(db: Db, orgId: string, q: InsightsQuery): Promise<InspectInsight> {
  const live = await liveVehicles(db, orgId);
  const userNames = new Map(
    (await db.select({ id: users.id, first: users.firstName, last: users.lastName }).from(users)).map((u) => [u.id, `${u.first} ${u.last}`]),
  );
  const perDay = new Map<string, InspectInsight['perDay'][number]>();
  const perInspector = new Map<string, InspectInsight['perInspector'][number]>();
  const perVehicle = new Map<string, InspectInsight['perVehicle'][number]>();
  const names = new Map<string, { at: number; text: string }>();
  await eachInspection(db, orgId, rangeOf(q.start, q.end), false, (r) => {
    const v = live.get(r.vehicleId);
    if (!v || r.durationSeconds === null) return;
    const day = utcDay(r.inspectionDate);
    const d = perDay.get(`${day} ${v.vehicleType}`) ?? { day, vehicleType: v.vehicleType, inspections: 0, durationSeconds: 0 };
    perDay.set(`${day} ${v.vehicleType}`, d);
    d.inspections++;
    d.durationSeconds += r.durationSeconds;
    if (r.inspectorId !== null) {
      const key = `${r.inspectorId} ${v.vehicleType}`;
      const i = perInspector.get(key) ?? { inspectorId: r.inspectorId, inspectorName: '', vehicleType: v.vehicleType, inspections: 0, durationSeconds: 0 };
      perInspector.set(key, i);
      i.inspections++;
      i.durationSeconds += r.durationSeconds;
      if (r.inspectorName !== null) keepNewest(names, r.inspectorId, r.inspectionDate.getTime(), r.inspectorName);
    }
    const pv = perVehicle.get(v.id) ?? { ...tooltip(v), inspections: 0, durationSeconds: 0 };
    perVehicle.set(v.id, pv);
    pv.inspections++;
    pv.durationSeconds += r.durationSeconds;
  });
  for (const i of perInspector.values()) i.inspectorName = names.get(i.inspectorId)?.text ?? (userNames.get(i.inspectorId)?.trim() || i.inspectorId);
  return {
    start: q.start,
    end: q.end,
    perDay: [...perDay.values()].sort((a, b) => compareIso(a.day, b.day) || byName(a.vehicleType, b.vehicleType)),
    perInspector: [...perInspector.values()].sort(
      (a, b) => byName(a.inspectorName, b.inspectorName) || compareIso(a.inspectorId, b.inspectorId) || byName(a.vehicleType, b.vehicleType),
    ),
    perVehicle: [...perVehicle.values()].sort(byReg),
  };
}

/** An inspection's failed answers: rule id and the title it was inspected under. */
const failuresOf = (r: InspectionRow) =>
  (r.results ?? []).filter((a) => a.result.isPassing === false).map((a) => ({ ruleId: a.ruleId, title: a.overview?.title ?? null }));

/** Titles: the newest failure's, else the library's, else the most recently changed workflow rule's, else the id. */
async function titlesOf(db: Db, orgId: string, ruleIds: Iterable<string>, inspected: Map<string, { at: number; text: string }>): Promise<Map<string, string>> {
  const library = new Map(
    (
      await db
        .select({ ruleId: rules.ruleId, title: rules.title })
        .from(rules)
        .where(and(eq(rules.orgId, orgId), isNull(rules.deletedAt)))
    ).map((r) => [r.ruleId, r.title]),
  );
  const workflow = new Map<string, { at: number; id: string; title: string }>();
  for (const w of await db
    .select({ ruleId: workflowRules.ruleId, title: workflowRules.title, updatedAt: workflowRules.updatedAt, id: workflowRules.id })
    .from(workflowRules)
    .where(and(eq(workflowRules.orgId, orgId), isNull(workflowRules.deletedAt)))) {
    const seen = workflow.get(w.ruleId);
    const at = w.updatedAt.getTime();
    if (!seen || at > seen.at || (at === seen.at && w.id > seen.id)) workflow.set(w.ruleId, { at, id: w.id, title: w.title });
  }
  return new Map([...ruleIds].map((id) => [id, inspected.get(id)?.text ?? library.get(id) ?? workflow.get(id)?.title ?? id]));
}

async function failureCounts(db: Db, orgId: string, q: InsightsQuery) {
  const live = await liveVehicles(db, orgId);
  // rule -> day -> vehicle -> failures
  const counts = new Map<string, Map<string, Map<string, number>>>();
  const inspected = new Map<string, { at: number; text: string }>();
  await eachInspection(db, orgId, rangeOf(q.start, q.end), true, (r) => {
    if (!live.has(r.vehicleId)) return;
    const day = utcDay(r.inspectionDate);
    for (const f of failuresOf(r)) {
      const byDay = counts.get(f.ruleId) ?? new Map<string, Map<string, number>>();
      counts.set(f.ruleId, byDay);
      const byVehicle = byDay.get(day) ?? new Map<string, number>();
      byDay.set(day, byVehicle);
      byVehicle.set(r.vehicleId, (byVehicle.get(r.vehicleId) ?? 0) + 1);
      if (f.title !== null) keepNewest(inspected, f.ruleId, r.inspectionDate.getTime(), f.title);
    }
  });
  const total = (ruleId: string) => [...counts.get(ruleId)!.values()].reduce((n, m) => n + [...m.values()].reduce((a, b) => a + b, 0), 0);
  const totals = new Map([...counts.keys()].map((id) => [id, total(id)]));
  const ruleIds = [...counts.keys()].sort((a, b) => totals.get(b)! - totals.get(a)! || byName(a, b));
  return { live, counts, ruleIds, titles: await titlesOf(db, orgId, ruleIds, inspected) };
}

export async function memoryFailuresOverview(db: Db, orgId: string, q: InsightsQuery): Promise<FailuresOverview> {
  const { live, counts, ruleIds, titles } = await failureCounts(db, orgId, q);
  return {
    start: q.start,
    end: q.end,
    rules: ruleIds.map((ruleId) => ({
      ruleId,
      title: titles.get(ruleId)!,
      data: [...counts.get(ruleId)!.entries()]
        .sort(([a], [b]) => compareIso(a, b))
        .map(([day, byVehicle]) => ({
          day,
          totalFailures: [...byVehicle.values()].reduce((a, b) => a + b, 0),
          details: [...byVehicle.entries()]
            .map(([id, failures]) => ({ regNumber: live.get(id)!.regNumber, vehicleType: live.get(id)!.vehicleType, failures }))
            .sort((a, b) => b.failures - a.failures || byName(a.regNumber, b.regNumber)),
        })),
    })),
  };
}

export async function memoryFailuresPerVehicle(db: Db, orgId: string, q: InsightsQuery): Promise<FailuresPerVehicle> {
  const { live, counts, ruleIds, titles } = await failureCounts(db, orgId, q);
  const perVehicle = new Map<string, Map<string, number>>();
  for (const [ruleId, byDay] of counts) {
    for (const byVehicle of byDay.values()) {
      for (const [id, n] of byVehicle) {
        const rulesOf = perVehicle.get(id) ?? new Map<string, number>();
        perVehicle.set(id, rulesOf);
        rulesOf.set(ruleId, (rulesOf.get(ruleId) ?? 0) + n);
      }
    }
  }
  const types = new Map<string, FailuresPerVehicle['vehicleTypes'][number]['vehicles']>();
  for (const [id, rulesOf] of perVehicle) {
    const v = live.get(id)!;
    const failuresByRule = [...rulesOf.entries()]
      .map(([ruleId, failures]) => ({ ruleId, failures }))
      .sort((a, b) => b.failures - a.failures || byName(a.ruleId, b.ruleId));
    const list = types.get(v.vehicleType) ?? [];
    types.set(v.vehicleType, list);
    list.push({ ...tooltip(v), failuresByRule, totalFailures: failuresByRule.reduce((n, f) => n + f.failures, 0) });
  }
  return {
    start: q.start,
    end: q.end,
    rules: ruleIds.map((ruleId) => ({ ruleId, title: titles.get(ruleId)! })),
    vehicleTypes: [...types.entries()]
      .sort(([a], [b]) => byName(a, b))
      .map(([vehicleType, list]) => ({
        vehicleType,
        vehicles: list.sort((a, b) => b.totalFailures - a.totalFailures || byName(a.regNumber, b.regNumber) || compareIso(a.vehicleId, b.vehicleId)),
      })),
  };
}

type Reading = 'miles' | 'hours';
const READINGS: readonly Reading[] = ['miles', 'hours'];

/** Per vehicle inspected in range: each UTC day's highest readings, the reading before the range, failed answers. */
async function usageOf(db: Db, orgId: string, q: InsightsQuery, withErrors: boolean) {
  const live = await liveVehicles(db, orgId);
  const range = rangeOf(q.start, q.end);
  const days = new Map<string, Map<string, Record<Reading, number | null>>>();
  const errors = new Map<string, number>();
  await eachInspection(db, orgId, range, withErrors, (r) => {
    if (!live.has(r.vehicleId)) return;
    const byDay = days.get(r.vehicleId) ?? new Map<string, Record<Reading, number | null>>();
    days.set(r.vehicleId, byDay);
    const day = utcDay(r.inspectionDate);
    const d = byDay.get(day) ?? { miles: null, hours: null };
    byDay.set(day, d);
    for (const k of READINGS) if (r[k] !== null) d[k] = Math.max(d[k] ?? r[k], r[k]);
    if (withErrors) errors.set(r.vehicleId, (errors.get(r.vehicleId) ?? 0) + failuresOf(r).length);
  });
  // The reading before the range: the highest of the last UTC day before it with one.
  const before = new Map<string, Record<Reading, { day: string; value: number } | null>>();
  const earlier = await db
    .select({ vehicleId: inspections.vehicleId, inspectionDate: inspections.inspectionDate, miles: inspections.miles, hours: inspections.hours })
    .from(inspections)
    .where(
      and(
        eq(inspections.orgId, orgId),
        isNull(inspections.deletedAt),
        lt(inspections.inspectionDate, range.from),
        or(isNotNull(inspections.miles), isNotNull(inspections.hours)),
      ),
    );
  for (const r of earlier) {
    if (!days.has(r.vehicleId)) continue;
    const b = before.get(r.vehicleId) ?? { miles: null, hours: null };
    before.set(r.vehicleId, b);
    const day = utcDay(r.inspectionDate);
    for (const k of READINGS) {
      const value = r[k];
      if (value === null) continue;
      const seen = b[k];
      if (!seen || day > seen.day) b[k] = { day, value };
      else if (day === seen.day) seen.value = Math.max(seen.value, value);
    }
  }
  // Each day's use: against the reading before it, a drop is 0, a first reading ever is none.
  const used = new Map<string, { day: string; reading: Reading; value: number; use: number }[]>();
  for (const [id, byDay] of days) {
    const list: { day: string; reading: Reading; value: number; use: number }[] = [];
    const sorted = [...byDay.entries()].sort(([a], [b]) => compareIso(a, b));
    for (const k of READINGS) {
      let previous = before.get(id)?.[k]?.value ?? null;
      for (const [day, d] of sorted) {
        const value = d[k];
        if (value === null) continue;
        list.push({ day, reading: k, value, use: previous === null ? 0 : Math.max(value - previous, 0) });
        previous = value;
      }
    }
    used.set(id, list);
  }
  return { live, used, errors };
}

export async function memoryUsageTimeseries(db: Db, orgId: string, q: InsightsQuery): Promise<UsageTimeseries> {
  const { live, used } = await usageOf(db, orgId, q, false);
  const vehicleList = [...used.entries()]
    .filter(([, list]) => list.length > 0)
    .map(([id]) => tooltip(live.get(id)!))
    .sort(byReg);
  const months: UsageTimeseries['months'] = [];
  for (const v of vehicleList) {
    const byMonth = new Map<string, UsageTimeseries['months'][number] & { lastDay: Record<Reading, string> }>();
    for (const u of used.get(v.vehicleId)!) {
      const month = u.day.slice(0, 7);
      const m = byMonth.get(month) ?? { vehicleId: v.vehicleId, month, miles: 0, hours: 0, totalMiles: null, totalHours: null, lastDay: { miles: '', hours: '' } };
      byMonth.set(month, m);
      m[u.reading] += u.use;
      if (u.day > m.lastDay[u.reading]) {
        m.lastDay[u.reading] = u.day;
        if (u.reading === 'miles') m.totalMiles = u.value;
        else m.totalHours = u.value;
      }
    }
    for (const { lastDay: _, ...m } of [...byMonth.values()].sort((a, b) => compareIso(a.month, b.month))) months.push(m);
  }
  return { start: q.start, end: q.end, vehicles: vehicleList, months };
}

export async function memoryUsageExcess(db: Db, orgId: string, q: InsightsQuery): Promise<UsageExcess> {
  const { live, used, errors } = await usageOf(db, orgId, q, true);
  const list = [...used.entries()].map(([id, uses]) => ({
    ...tooltip(live.get(id)!),
    miles: uses.filter((u) => u.reading === 'miles').reduce((n, u) => n + u.use, 0),
    hours: uses.filter((u) => u.reading === 'hours').reduce((n, u) => n + u.use, 0),
    errors: errors.get(id) ?? 0,
  }));
  return { start: q.start, end: q.end, vehicles: list.sort(byReg) };
}

export async function memoryMonthlyReport(db: Db, orgId: string, reportRange: ReportRange, now: Date): Promise<MonthlyReport> {
  const range = rangeOf(reportRange.startDate, reportRange.endDate);
  const sectionRows = (
    await db
      .select({ id: sections.id, name: sections.name })
      .from(sections)
      .where(and(eq(sections.orgId, orgId), isNull(sections.deletedAt)))
  ).sort((a, b) => byName(a.name, b.name) || compareIso(a.id, b.id));
  const sectionIds = new Set(sectionRows.map((s) => s.id));
  const fleet = new Map(
    [...(await liveVehicles(db, orgId)).values()]
      .filter((v) => v.decommissionDate === null && v.sectionId !== null && sectionIds.has(v.sectionId))
      .map((v) => [v.id, v]),
  );
  const figures = new Map(
    [...fleet.keys()].map((id) => [
      id,
      {
        inspections: 0,
        failed: 0,
        notes: 0,
        discrepancies: 0,
        disregarded: 0,
        lti: [0, 0] as [performed: number, failed: number],
        pmi: [0, 0] as [performed: number, failed: number],
        scheduled: 0,
        performed: 0,
        missed: 0,
      },
    ]),
  );
  const failures = new Map<string, Map<string, number>>();
  const inspected = new Map<string, { at: number; text: string }>();
  await eachInspection(db, orgId, range, true, (r) => {
    const f = figures.get(r.vehicleId);
    if (!f) return;
    f.inspections++;
    if (!r.passed) f.failed++;
    f.notes += r.numNotes;
    const sectionId = fleet.get(r.vehicleId)!.sectionId!;
    for (const a of failuresOf(r)) {
      const bySection = failures.get(sectionId) ?? new Map<string, number>();
      failures.set(sectionId, bySection);
      bySection.set(a.ruleId, (bySection.get(a.ruleId) ?? 0) + 1);
      if (a.title !== null) keepNewest(inspected, a.ruleId, r.inspectionDate.getTime(), a.title);
    }
  });
  for (const d of await db
    .select({ vehicleId: discrepancies.vehicleId, dateDiscovered: discrepancies.dateDiscovered, disregard: discrepancies.disregard })
    .from(discrepancies)
    .where(and(eq(discrepancies.orgId, orgId), isNull(discrepancies.deletedAt)))) {
    const f = figures.get(d.vehicleId);
    if (!f || !inRange(d.dateDiscovered, range)) continue;
    f.discrepancies++;
    if (d.disregard) f.disregarded++;
  }
  for (const [kind, table] of [
    ['lti', ltis],
    ['pmi', pmis],
  ] as const) {
    for (const x of await db
      .select()
      .from(table)
      .where(and(eq(table.orgId, orgId), isNull(table.deletedAt)))) {
      const f = figures.get(x.vehicleId);
      if (!f || !x.completed || !inRange(x.completionDate, range)) continue;
      f[kind][0]++;
      if (x.passed === false) f[kind][1]++;
    }
  }
  for (const m of await db
    .select()
    .from(scheduledMx)
    .where(and(eq(scheduledMx.orgId, orgId), isNull(scheduledMx.deletedAt)))) {
    const f = figures.get(m.vehicleId);
    if (!f) continue;
    if (inRange(m.mxDate, range)) f.scheduled++;
    if (m.completed && inRange(m.completionDate, range)) f.performed++;
    if (inRange(m.mxDate, range) && !m.completed && m.mxDate.getTime() < now.getTime()) f.missed++;
  }
  const titles = await titlesOf(db, orgId, new Set([...failures.values()].flatMap((m) => [...m.keys()])), inspected);
  return sectionRows.map((s) => {
    const ids = [...fleet.values()].filter((v) => v.sectionId === s.id).map((v) => v.id);
    const sum = (of: (f: NonNullable<ReturnType<typeof figures.get>>) => number) => ids.reduce((n, id) => n + of(figures.get(id)!), 0);
    const top = (of: (f: NonNullable<ReturnType<typeof figures.get>>) => number): ProblemVehicle[] =>
      ids
        .map((id) => ({ vehicleId: id, regNumber: fleet.get(id)!.regNumber, count: of(figures.get(id)!) }))
        .filter((p) => p.count > 0)
        .sort((a, b) => b.count - a.count || byName(a.regNumber, b.regNumber) || compareIso(a.vehicleId, b.vehicleId))
        .slice(0, PROBLEM_LIST_LENGTH);
    const total = sum((f) => f.discrepancies);
    const disregarded = sum((f) => f.disregarded);
    return {
      id: s.id,
      name: s.name,
      vehicles: { total: ids.length, inOp: ids.filter((id) => fleet.get(id)!.status === 'invalid').length, wrm: ids.filter((id) => fleet.get(id)!.wrm).length },
      inspections: { total: sum((f) => f.inspections), failed: sum((f) => f.failed), notes: sum((f) => f.notes) },
      mx: {
        discrepancies: { total, disregarded, addressable: total - disregarded },
        lti: { performed: sum((f) => f.lti[0]), failed: sum((f) => f.lti[1]) },
        pmi: { performed: sum((f) => f.pmi[0]), failed: sum((f) => f.pmi[1]) },
        scheduled: { scheduled: sum((f) => f.scheduled), performed: sum((f) => f.performed), failed: sum((f) => f.missed) },
      },
      problems: {
        failedInspections: top((f) => f.failed),
        totalDiscrepancies: top((f) => f.discrepancies),
        addressableDiscrepancies: top((f) => f.discrepancies - f.disregarded),
      },
      failures: Object.fromEntries(
        [...(failures.get(s.id) ?? new Map<string, number>()).entries()].map(([ruleId, count]) => [ruleId, { title: titles.get(ruleId)!, count }]),
      ),
    };
  });
}
