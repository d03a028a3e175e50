import { sql } from 'drizzle-orm';
import type { FailuresOverview, FailuresPerVehicle, InsightsQuery } from '../../../core/schema/insights.ts';
import type { Queryable } from '../../db/client.ts';
import { byName, compareIso } from './order.ts';
import { failedAnswers } from './kept-failures.ts';
import { dayRange, textList, toVehicle, type VehicleRow } from './sql.ts';
import { selectRows } from '../../db/select-rows.ts';

/** The newest title each rule was inspected under, as the grouping (rule_id, title) of failed answers gives them. */
export interface TitleCandidate {
  rule_id: string;
  title: string | null;
  latest: string;
}

/**
 * Each rule's title: the one it was inspected under at its newest failure in range (the answer's
 * overview), else its title now in the rule library, else in a workflow (the most recently changed
 * workflow rule of that id), else the rule id.
 */
export async function ruleTitles(db: Queryable, orgId: string, ruleIds: readonly string[], candidates: readonly TitleCandidate[]): Promise<Map<string, string>> {
  const titles = new Map<string, { latest: string; title: string }>();
  for (const c of candidates) {
    if (c.title === null) continue;
    const seen = titles.get(c.rule_id);
    if (!seen || c.latest > seen.latest || (c.latest === seen.latest && c.title > seen.title)) titles.set(c.rule_id, { latest: c.latest, title: c.title });
  }
  const out = new Map<string, string>();
  for (const [ruleId, t] of titles) out.set(ruleId, t.title);
  const missing = ruleIds.filter((id) => !out.has(id));
  if (missing.length > 0) {
    const current = await selectRows<{ rule_id: string; title: string }>(
      db,
      sql`
        select rule_id, title from (
          select r.rule_id, r.title, 0 as source, r.updated_at, r.id from rules r
          where r.org_id = ${orgId} and r.deleted_at is null and r.rule_id in ${textList(missing)}
          union all
          select w.rule_id, w.title, 1, w.updated_at, w.id from workflow_rules w
          where w.org_id = ${orgId} and w.deleted_at is null and w.rule_id in ${textList(missing)}
        ) x
        order by source desc, updated_at, id collate "C"`,
    );
    // Ordered so that the library's title, then the newest workflow rule's, is set last.
    const found = new Map<string, string>();
    for (const r of current) found.set(r.rule_id, r.title);
    for (const id of missing) out.set(id, found.get(id) ?? id);
  }
  return out;
}

interface CountRow {
  rule_id: string;
  day: string | null;
  vehicle_id: string;
  failures: number;
}

/**
 * Failed answers per rule and vehicle (and the organization's day when `byDay`), and the rules' title candidates. The
 * counts come back with four columns only, and the vehicles' registration, type, year, make and model
 * are read once each: a year of a large fleet has about 110,000 counts, nearly one per failure, and
 * reading a row's columns back costs more than grouping them.
 */
async function failureCounts(db: Queryable, orgId: string, query: InsightsQuery, zone: string, byDay: boolean) {
  const range = dayRange(query.start, query.end, zone);
  const failures = sql`
    select x.rule_id, x.title, x.vehicle_id, x.inspection_date
    from (${await failedAnswers(db, orgId, range)}) x
    join vehicles v on v.id = x.vehicle_id and v.org_id = ${orgId} and v.deleted_at is null`;
  const day = byDay ? sql`to_char(f.inspection_date at time zone ${zone}, 'YYYY-MM-DD')` : sql`null`;
  const counts = await selectRows<CountRow>(db, sql`select f.rule_id, ${day} as day, f.vehicle_id, count(*)::int as failures from (${failures}) f group by 1, 2, 3`);
  const candidates = await selectRows<TitleCandidate>(
    db,
    sql`
      select f.rule_id, f.title, to_char(max(f.inspection_date) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US') as latest
      from (${failures}) f group by 1, 2`,
  );
  const vehicles = new Map(
    (await selectRows<VehicleRow>(db, sql`select id, reg_number, vehicle_type, year, make, model from vehicles where org_id = ${orgId} and deleted_at is null`)).map(
      (v) => [v.id, v],
    ),
  );
  const totals = new Map<string, number>();
  for (const r of counts) totals.set(r.rule_id, (totals.get(r.rule_id) ?? 0) + r.failures);
  // Rules by their failures, most first.
  const ruleIds = [...totals.keys()].sort((a, b) => totals.get(b)! - totals.get(a)! || byName(a, b));
  const titles = await ruleTitles(db, orgId, ruleIds, candidates);
  return { counts, vehicles, ruleIds, titles, totals };
}

/** GET /insights/failures/overview: per rule (most failures first), per day, the failures and the vehicles that had them (most first). */
export async function failuresOverview(db: Queryable, orgId: string, query: InsightsQuery, zone: string): Promise<FailuresOverview> {
  const { counts, vehicles, ruleIds, titles } = await failureCounts(db, orgId, query, zone, true);
  type Day = FailuresOverview['rules'][number]['data'][number];
  const days = new Map<string, Map<string, Day>>();
  for (const r of counts) {
    const byDay = days.get(r.rule_id) ?? new Map<string, Day>();
    days.set(r.rule_id, byDay);
    const d = byDay.get(r.day!) ?? { day: r.day!, totalFailures: 0, details: [] };
    byDay.set(r.day!, d);
    d.totalFailures += r.failures;
    const v = vehicles.get(r.vehicle_id)!;
    d.details.push({ regNumber: v.reg_number, vehicleType: v.vehicle_type, failures: r.failures });
  }
  const rules = ruleIds.map((ruleId) => ({
    ruleId,
    title: titles.get(ruleId)!,
    data: [...days.get(ruleId)!.values()]
      .sort((a, b) => compareIso(a.day, b.day))
      .map((d) => ({ ...d, details: d.details.sort((a, b) => b.failures - a.failures || byName(a.regNumber, b.regNumber)) })),
  }));
  return { start: query.start, end: query.end, rules };
}

/** GET /insights/failures/perVehicle: per vehicle type, its vehicles (most failures first) with their failures per rule. */
export async function failuresPerVehicle(db: Queryable, orgId: string, query: InsightsQuery, zone: string): Promise<FailuresPerVehicle> {
  const { counts, vehicles: fleet, ruleIds, titles } = await failureCounts(db, orgId, query, zone, false);
  type Vehicle = FailuresPerVehicle['vehicleTypes'][number]['vehicles'][number];
  const vehicles = new Map<string, Vehicle>();
  for (const r of counts) {
    const v = vehicles.get(r.vehicle_id) ?? { ...toVehicle(fleet.get(r.vehicle_id)!), failuresByRule: [], totalFailures: 0 };
    vehicles.set(r.vehicle_id, v);
    v.failuresByRule.push({ ruleId: r.rule_id, failures: r.failures });
    v.totalFailures += r.failures;
  }
  const types = new Map<string, Vehicle[]>();
  for (const v of vehicles.values()) {
    v.failuresByRule.sort((a, b) => b.failures - a.failures || byName(a.ruleId, b.ruleId));
    const list = types.get(v.vehicleType) ?? [];
    types.set(v.vehicleType, list);
    list.push(v);
  }
  const vehicleTypes = [...types.entries()]
    .sort(([a], [b]) => byName(a, b))
    .map(([vehicleType, list]) => ({
      vehicleType,
      vehicles: list.sort((a, b) => b.totalFailures - a.totalFailures || byName(a.regNumber, b.regNumber) || compareIso(a.vehicleId, b.vehicleId)),
    }));
  return { start: query.start, end: query.end, rules: ruleIds.map((ruleId) => ({ ruleId, title: titles.get(ruleId)! })), vehicleTypes };
}
