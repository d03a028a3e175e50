import { sql, type SQL } from 'drizzle-orm';
import type { ReportRange } from '../../../core/rules/report-range.ts';
import { PROBLEM_LIST_LENGTH, type MonthlyReport, type ProblemVehicle, type SectionReport } from '../../../core/schema/monthly-report.ts';
import type { Queryable } from '../../db/client.ts';
import { ruleTitles, type TitleCandidate } from '../insights/failures-sql.ts';
import { failedAnswers } from '../insights/kept-failures.ts';
import { inspectionMonthsOver } from '../insights/kept-figures.ts';
import { byName, compareIso } from '../insights/order.ts';
import { dayRange, within, type DayRange } from '../insights/sql.ts';
import { selectRows } from '../../db/select-rows.ts';

/**
 * The vehicles a section's report counts: in commission now, in a live section, counted in the section
 * they are in now. Every figure of the report is about these vehicles.
 */
const fleet = (orgId: string) => sql`
  fleet as (
    select v.id, v.reg_number, v.section_id, v.status, v.wrm
    from vehicles v
    join sections s on s.id = v.section_id and s.org_id = v.org_id and s.deleted_at is null
    where v.org_id = ${orgId} and v.deleted_at is null and v.decommission_date is null
  )`;

interface VehicleRow {
  id: string;
  reg_number: string;
  section_id: string;
  status: string;
  wrm: boolean;
  inspections: number;
  failed_inspections: number;
  notes: number;
  discrepancies: number;
  disregarded: number;
  lti_performed: number;
  lti_failed: number;
  pmi_performed: number;
  pmi_failed: number;
  mx_scheduled: number;
  mx_performed: number;
  mx_failed: number;
}

/**
 * Per vehicle of the report, its figures over the range: one row per vehicle, each history read by its
 * range only, the inspections from their sums per vehicle and month (`inspectionMonths`, kept-figures.ts).
 */
function vehicleFigures(orgId: string, range: DayRange, now: Date, inspectionMonths: SQL) {
  const performed = (t: string) => sql.raw(`${t}.completed and ${t}.completion_date is not null`);
  const visits = (table: 'ltis' | 'pmis') => sql`
    select x.vehicle_id, count(*)::int as performed, count(*) filter (where x.passed = false)::int as failed
    from ${sql.raw(table)} x join fleet f on f.id = x.vehicle_id
    where x.org_id = ${orgId} and x.deleted_at is null and ${performed('x')} and ${within('x.completion_date', range)}
    group by 1`;
  return sql`
    with ${fleet(orgId)},
    insp as (
      select m.vehicle_id, sum(m.inspections)::int as total, sum(m.failed)::int as failed, sum(m.notes)::int as notes
      from (${inspectionMonths}) m join fleet f on f.id = m.vehicle_id
      group by 1
    ),
    disc as (
      select d.vehicle_id, count(*)::int as total, count(*) filter (where d.disregard)::int as disregarded
      from discrepancies d join fleet f on f.id = d.vehicle_id
      where d.org_id = ${orgId} and d.deleted_at is null and ${within('d.date_discovered', range)}
      group by 1
    ),
    lti as (${visits('ltis')}),
    pmi as (${visits('pmis')}),
    smx as (
      select m.vehicle_id,
             count(*) filter (where ${within('m.mx_date', range)})::int as scheduled,
             count(*) filter (where ${performed('m')} and ${within('m.completion_date', range)})::int as performed,
             count(*) filter (where ${within('m.mx_date', range)} and not m.completed and m.mx_date < ${now.toISOString()}::timestamptz)::int as failed
      from scheduled_mx m join fleet f on f.id = m.vehicle_id
      where m.org_id = ${orgId} and m.deleted_at is null
        and ((${within('m.mx_date', range)}) or (${performed('m')} and ${within('m.completion_date', range)}))
      group by 1
    )
    select f.id, f.reg_number, f.section_id, f.status, f.wrm,
           coalesce(insp.total, 0) as inspections, coalesce(insp.failed, 0) as failed_inspections, coalesce(insp.notes, 0) as notes,
           coalesce(disc.total, 0) as discrepancies, coalesce(disc.disregarded, 0) as disregarded,
           coalesce(lti.performed, 0) as lti_performed, coalesce(lti.failed, 0) as lti_failed,
           coalesce(pmi.performed, 0) as pmi_performed, coalesce(pmi.failed, 0) as pmi_failed,
           coalesce(smx.scheduled, 0) as mx_scheduled, coalesce(smx.performed, 0) as mx_performed, coalesce(smx.failed, 0) as mx_failed
    from fleet f
    left join insp on insp.vehicle_id = f.id
    left join disc on disc.vehicle_id = f.id
    left join lti on lti.vehicle_id = f.id
    left join pmi on pmi.vehicle_id = f.id
    left join smx on smx.vehicle_id = f.id`;
}

/** The top of a Problem Vehicles list: counts above 0, most first, ties by registration. */
function problems(rows: readonly VehicleRow[], count: (r: VehicleRow) => number): ProblemVehicle[] {
  return rows
    .map((r) => ({ vehicleId: r.id, regNumber: r.reg_number, count: count(r) }))
    .filter((p) => p.count > 0)
    .sort((a, b) => b.count - a.count || byName(a.regNumber, b.regNumber) || compareIso(a.vehicleId, b.vehicleId))
    .slice(0, PROBLEM_LIST_LENGTH);
}

/**
 * GET /data/v1/organizations/{orgId}/reports/monthly: one report per section of the organization (every
 * one, in name order, an empty one too) over the range's days in the organization's zone.
 */
export async function monthlyReport(db: Queryable, orgId: string, range: ReportRange, now: Date, zone: string): Promise<MonthlyReport> {
  const days = dayRange(range.startDate, range.endDate, zone);
  const sections = (await selectRows<{ id: string; name: string }>(db, sql`select id, name from sections where org_id = ${orgId} and deleted_at is null`)).sort(
    (a, b) => byName(a.name, b.name) || compareIso(a.id, b.id),
  );
  const vehicles = await selectRows<VehicleRow>(db, vehicleFigures(orgId, days, now, await inspectionMonthsOver(db, orgId, zone, days)));
  const failures = await selectRows<{ section_id: string | null; rule_id: string; title: string | null; failures: number; latest: string }>(
    db,
    sql`
      with ${fleet(orgId)}
      select f.section_id, x.rule_id, x.title, count(*)::int as failures,
             to_char(max(x.inspection_date) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US') as latest
      from (${await failedAnswers(db, orgId, days)}) x join fleet f on f.id = x.vehicle_id
      group by grouping sets ((f.section_id, x.rule_id), (x.rule_id, x.title))`,
  );
  // Rows with a section count; the others are the rules' title candidates.
  const counts = failures.filter((r) => r.section_id !== null);
  const titles = await ruleTitles(
    db,
    orgId,
    [...new Set(counts.map((r) => r.rule_id))],
    failures.filter((r): r is TitleCandidate & typeof r => r.section_id === null),
  );

  const ofSection = new Map<string, VehicleRow[]>(sections.map((s) => [s.id, []]));
  for (const v of vehicles) ofSection.get(v.section_id)?.push(v);
  return sections.map((section): SectionReport => {
    const rows = ofSection.get(section.id)!;
    const sum = (figure: (r: VehicleRow) => number) => rows.reduce((n, r) => n + figure(r), 0);
    const discrepancies = sum((r) => r.discrepancies);
    const disregarded = sum((r) => r.disregarded);
    const failuresByRule = counts
      .filter((r) => r.section_id === section.id)
      .sort((a, b) => b.failures - a.failures || byName(a.rule_id, b.rule_id))
      .map((r) => [r.rule_id, { title: titles.get(r.rule_id)!, count: r.failures }] as const);
    return {
      id: section.id,
      name: section.name,
      vehicles: { total: rows.length, inOp: rows.filter((r) => r.status === 'invalid').length, wrm: rows.filter((r) => r.wrm).length },
      inspections: { total: sum((r) => r.inspections), failed: sum((r) => r.failed_inspections), notes: sum((r) => r.notes) },
      mx: {
        discrepancies: { total: discrepancies, disregarded, addressable: discrepancies - disregarded },
        lti: { performed: sum((r) => r.lti_performed), failed: sum((r) => r.lti_failed) },
        pmi: { performed: sum((r) => r.pmi_performed), failed: sum((r) => r.pmi_failed) },
        scheduled: { scheduled: sum((r) => r.mx_scheduled), performed: sum((r) => r.mx_performed), failed: sum((r) => r.mx_failed) },
      },
      problems: {
        failedInspections: problems(rows, (r) => r.failed_inspections),
        totalDiscrepancies: problems(rows, (r) => r.discrepancies),
        addressableDiscrepancies: problems(rows, (r) => r.discrepancies - r.disregarded),
      },
      failures: Object.fromEntries(failuresByRule),
    };
  });
}
