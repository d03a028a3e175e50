import { eq, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db, Queryable, Tx } from '../../db/client.ts';
import { insightFigureClocks, insightFigureMoves, inspectDays, inspectionMonths, usageMonths } from '../../db/schema/index.ts';
import { dayOf as dayIn, inspectDayRows, inspectionMonthRows, monthOf as monthIn, usageMonthRows } from './figure-rows.ts';
import { keepByRevision, keptSince } from './kept-by-revision.ts';
import { within, type DayRange } from './sql.ts';
import { selectRows } from '../../db/select-rows.ts';
import { orgTimeZone } from '../organization/queries.ts';
import { addDays, dayOf, firstOfMonth, lastOfMonth, startOfDay } from '../../../core/rules/org-clock.ts';

/*
 * The usage and inspection-time figures and the monthly report's inspections are read from the
 * inspections summed per vehicle and month (and per day for the times per type) of the organization's
 * zone, kept by the server (server/db/schema/insight-figures.ts),
 * instead of grouping every inspection of the range: a year of a 5,000-vehicle fleet is 1.27 million
 * inspections, about 60,000 kept usage months. Kept lazily, by revision (kept-by-revision.ts): before
 * the figures are read, every month and day an inspection was written in since the clock is made again
 * whole from its inspections, with the months and days the triggers logged in insight_figure_moves (an
 * inspection's former vehicle or day, a vehicle retyped, deleted or restored). A read takes the kept
 * rows of the whole months (days) in range and sums the range's partial months at its ends from the
 * inspections; when anything was written or moved since the clock (a write between the fold and the
 * read), it sums the whole range from the inspections, so a read is exact at its snapshot. A change
 * of the organization's zone drops the clock (server/modules/organization), so the next read makes
 * them again in the new zone's days.
 */

const written = (orgId: string, since: number, rev: number, alias: string) =>
  sql`${sql.raw(alias)}.org_id = ${orgId} and ${sql.raw(alias)}.rev > ${since} and ${sql.raw(alias)}.rev <= ${rev}`;

/** The vehicle months written in or moved from, as `dirty(vehicle_id, month)`. */
function dirtyMonths(orgId: string, zone: string, since: number, rev: number): SQL {
  return sql`dirty as (
    select i.vehicle_id, ${monthIn(sql`i.inspection_date`, zone)} as month from inspections i where ${written(orgId, since, rev, 'i')}
    union
    select m.vehicle_id, date_trunc('month', m.day)::date from ${insightFigureMoves} m where ${written(orgId, since, rev, 'm')} and m.day is not null
  )`;
}

/** The days written in or moved from, and every day of a vehicle retyped, deleted or restored, as `dirty(day)`. */
function dirtyDays(orgId: string, zone: string, since: number, rev: number): SQL {
  return sql`dirty as (
    select ${dayIn(sql`i.inspection_date`, zone)} as day from inspections i where ${written(orgId, since, rev, 'i')}
    union
    select m.day from ${insightFigureMoves} m where ${written(orgId, since, rev, 'm')} and m.day is not null
    union
    select ${dayIn(sql`i.inspection_date`, zone)} from ${insightFigureMoves} m join inspections i on i.vehicle_id = m.vehicle_id and i.org_id = m.org_id
    where ${written(orgId, since, rev, 'm')} and m.day is null
  )`;
}

/** The moment a day (or month) of `zone` starts. */
const startIn = (day: SQL, zone: string) => sql`(${day})::timestamp at time zone ${zone}`;
const inDirtyMonth = (zone: string) => sql`dirty d join inspections i on i.vehicle_id = d.vehicle_id
  and i.inspection_date >= ${startIn(sql`d.month`, zone)} and i.inspection_date < ${startIn(sql`d.month + interval '1 month'`, zone)}`;
const inDirtyDay = (zone: string) =>
  sql`dirty d join inspections i on i.inspection_date >= ${startIn(sql`d.day`, zone)} and i.inspection_date < ${startIn(sql`d.day + 1`, zone)}`;

const withOrg = (orgId: string, rows: SQL) => sql`select x.*, ${orgId} from (${rows}) x`;

/** A kept table: its columns, the rule that makes its rows (figure-rows.ts), and whether it is kept per vehicle month or per day. */
interface KeptFigure {
  table: PgTable;
  columns: SQL;
  rows: (orgId: string, zone: string, where: SQL, source?: SQL) => SQL;
  per: 'month' | 'day';
}

const FIGURES: readonly KeptFigure[] = [
  {
    table: usageMonths,
    columns: sql`(vehicle_id, what, month, first_day, first_reading, last_day, last_reading, used, org_id)`,
    rows: usageMonthRows,
    per: 'month',
  },
  {
    table: inspectionMonths,
    columns: sql`(vehicle_id, month, inspector_id, inspector_name, inspections, failed, notes, timed, seconds, latest, org_id)`,
    rows: inspectionMonthRows,
    per: 'month',
  },
  { table: inspectDays, columns: sql`(day, vehicle_type, inspections, seconds, org_id)`, rows: inspectDayRows, per: 'day' },
];

async function rebuild(tx: Tx, orgId: string, rev: number): Promise<void> {
  const zone = await orgTimeZone(tx, orgId);
  await tx.execute(sql`delete from ${insightFigureMoves} where org_id = ${orgId} and rev <= ${rev}`);
  for (const f of FIGURES) {
    await tx.execute(sql`delete from ${f.table} where org_id = ${orgId}`);
    await tx.execute(sql`insert into ${f.table} ${f.columns} ${withOrg(orgId, f.rows(orgId, zone, sql`i.rev <= ${rev}`))}`);
  }
}

/** Every vehicle month (day) written in or moved from since the clock made again whole from its inspections. */
async function fold(tx: Tx, orgId: string, since: number, rev: number): Promise<void> {
  const zone = await orgTimeZone(tx, orgId);
  const dirty = { month: dirtyMonths(orgId, zone, since, rev), day: dirtyDays(orgId, zone, since, rev) };
  const match = { month: sql`u.vehicle_id = d.vehicle_id and u.month = d.month`, day: sql`u.day = d.day` };
  const source = { month: inDirtyMonth(zone), day: inDirtyDay(zone) };
  for (const f of FIGURES) {
    await tx.execute(sql`with ${dirty[f.per]} delete from ${f.table} u using dirty d where u.org_id = ${orgId} and ${match[f.per]}`);
    await tx.execute(sql`with ${dirty[f.per]} insert into ${f.table} ${f.columns} ${withOrg(orgId, f.rows(orgId, zone, sql`i.rev <= ${rev}`, source[f.per]))}`);
  }
  await tx.execute(sql`delete from ${insightFigureMoves} where org_id = ${orgId} and rev <= ${rev}`);
}

/** Brings the kept figures up to the organization's revision. */
export function keepFigures(db: Db, orgId: string): Promise<void> {
  return keepByRevision(db, orgId, {
    clock: insightFigureClocks,
    tables: FIGURES.map((f) => f.table),
    rebuild: (tx, rev) => rebuild(tx, orgId, rev),
    fold: (tx, since, rev) => fold(tx, orgId, since, rev),
  });
}

/** Drops the kept figures' clock, in the transaction that changes the organization's zone: their days and months are the old zone's, and the next read makes them again. */
export async function forgetKeptFigures(tx: Tx, orgId: string): Promise<void> {
  await tx.delete(insightFigureClocks).where(eq(insightFigureClocks.orgId, orgId));
}

/** Whether the kept figures hold the organization as the caller's snapshot sees it: a usable clock, and nothing written or moved since. */
async function keptCurrent(db: Queryable, orgId: string): Promise<boolean> {
  const since = await keptSince(db, orgId, insightFigureClocks);
  if (since === null) return false;
  const [row] = await selectRows<{ behind: boolean }>(
    db,
    sql`select exists (select 1 from inspections where org_id = ${orgId} and rev > ${since})
            or exists (select 1 from ${insightFigureMoves} where org_id = ${orgId} and rev > ${since}) as behind`,
  );
  return row?.behind === false;
}

const iso = (ms: number) => new Date(ms).toISOString();
/** The first day of the month after the one of `day`. */
const nextMonth = (day: string) => addDays(lastOfMonth(day), 1);
/** The first day of the month, in `zone`, of the instant. */
const monthFirstDay = (ms: number, zone: string) => firstOfMonth(dayOf(ms, zone));

/** Months of the organization's zone as their first days, [from, to). */
export interface MonthSpan {
  from: string;
  to: string;
}

/**
 * The whole months of `zone` in a range of its days, and the parts of the range outside them, each
 * inside one month (one when the range lies inside a month, else none to two).
 */
export function splitMonths(range: DayRange, zone: string): { whole: MonthSpan | null; edges: DayRange[] } {
  const from = Date.parse(range.from);
  const fromMonth = monthFirstDay(from, zone);
  const firstWhole = startOfDay(fromMonth, zone) === from ? fromMonth : nextMonth(fromMonth);
  const to = range.to === 'infinity' ? null : Date.parse(range.to);
  const wholeEnd = to === null ? '9999-12-01' : monthFirstDay(to, zone);
  if (firstWhole > wholeEnd) return { whole: null, edges: [range] };
  const edges: DayRange[] = [];
  const firstWholeMs = startOfDay(firstWhole, zone);
  const wholeEndMs = startOfDay(wholeEnd, zone);
  if (from < firstWholeMs) edges.push({ from: range.from, to: iso(firstWholeMs) });
  if (to === null || wholeEndMs < to) edges.push({ from: iso(wholeEndMs), to: range.to });
  return { whole: firstWhole < wholeEnd ? { from: firstWhole, to: wholeEnd } : null, edges };
}

/**
 * The month of a part of a range, when the rest of that month holds no inspection (a range that ends
 * today: nothing is inspected after today), so that the kept month is the part's figures; else null.
 */
async function wholeMonthOf(db: Queryable, orgId: string, zone: string, edge: DayRange): Promise<MonthSpan | null> {
  if (edge.to === 'infinity') return null;
  const first = monthFirstDay(Date.parse(edge.from), zone);
  if (first >= '9999-12-01') return null;
  const after = nextMonth(first);
  const [row] = await selectRows<{ outside: boolean }>(
    db,
    sql`select exists (
      select 1 from inspections i where i.org_id = ${orgId}
        and ((i.inspection_date >= ${iso(startOfDay(first, zone))}::timestamptz and i.inspection_date < ${edge.from}::timestamptz)
          or (i.inspection_date >= ${edge.to}::timestamptz and i.inspection_date < ${iso(startOfDay(after, zone))}::timestamptz))) as outside`,
  );
  return row?.outside === false ? { from: first, to: after } : null;
}

/** `i.inspection_date` in one of `ranges` (false for none). */
const inRanges = (ranges: readonly DayRange[]) =>
  ranges.length === 0
    ? sql`false`
    : sql`(${sql.join(
        ranges.map((r) => sql`(${within('i.inspection_date', r)})`),
        sql` or `,
      )})`;

/** `month` in one of `spans`. */
const inMonths = (spans: readonly MonthSpan[]) =>
  sql`(${sql.join(
    spans.map((m) => sql`(month >= ${m.from}::date and month < ${m.to}::date)`),
    sql` or `,
  )})`;

/**
 * Rows of the figures over a range: the kept rows of its whole months (and of a part's month with
 * nothing else in it) and the sums of the rest, or all sums when the kept ones are behind.
 */
async function monthsOver(db: Queryable, orgId: string, zone: string, range: DayRange, kept: (months: SQL) => SQL, summed: (where: SQL) => SQL): Promise<SQL> {
  if (!(await keptCurrent(db, orgId))) return summed(within('i.inspection_date', range));
  const split = splitMonths(range, zone);
  const whole = split.whole ? [split.whole] : [];
  const edges: DayRange[] = [];
  for (const edge of split.edges) {
    const month = await wholeMonthOf(db, orgId, zone, edge);
    if (month) whole.push(month);
    else edges.push(edge);
  }
  const rest = summed(inRanges(edges));
  return whole.length > 0 ? sql`${kept(inMonths(whole))} union all ${rest}` : rest;
}

/** usageMonthRows' columns over a range of `zone`'s days: one row per vehicle, reading and month (or part of a month at the range's ends). */
export function usageMonthsOver(db: Queryable, orgId: string, zone: string, range: DayRange): Promise<SQL> {
  return monthsOver(
    db,
    orgId,
    zone,
    range,
    (m) => sql`
      select vehicle_id, what, month, first_day, first_reading, last_day, last_reading, used from ${usageMonths}
      where org_id = ${orgId} and ${m}`,
    (where) => usageMonthRows(orgId, zone, where),
  );
}

/** inspectionMonthRows' columns over a range of `zone`'s days: per vehicle, month (or part of one) and inspector. */
export function inspectionMonthsOver(db: Queryable, orgId: string, zone: string, range: DayRange): Promise<SQL> {
  return monthsOver(
    db,
    orgId,
    zone,
    range,
    (m) => sql`
      select vehicle_id, month, inspector_id, inspector_name, inspections, failed, notes, timed, seconds, latest from ${inspectionMonths}
      where org_id = ${orgId} and ${m}`,
    (where) => inspectionMonthRows(orgId, zone, where),
  );
}

/** inspectDayRows' columns over a range of `zone`'s days: kept, or summed when the kept ones are behind. */
export async function inspectDaysOver(db: Queryable, orgId: string, zone: string, range: DayRange): Promise<SQL> {
  if (!(await keptCurrent(db, orgId))) return inspectDayRows(orgId, zone, within('i.inspection_date', range));
  return sql`
    select day, vehicle_type, inspections, seconds from ${inspectDays}
    where org_id = ${orgId} and day >= ${dayIn(sql`${range.from}::timestamptz`, zone)} and day < ${dayIn(sql`${range.to}::timestamptz`, zone)}`;
}
