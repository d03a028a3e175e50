import { sql, type SQL } from 'drizzle-orm';
import type { InsightVehicle, InsightsQuery, UsageExcess, UsageTimeseries } from '../../../core/schema/insights.ts';
import type { Queryable } from '../../db/client.ts';
import { failedAnswers } from './kept-failures.ts';
import { usageMonthsOver } from './kept-figures.ts';
import { byName, compareIso } from './order.ts';
import { dayRange, num, textList, toVehicle, within, type DayRange, type VehicleRow } from './sql.ts';
import { selectRows } from '../../db/select-rows.ts';

/**
 * The last reading of `column` before the range of the vehicle `p.vehicle_id`: the highest of the last
 * day (in the organization's zone) before the range that has one (the index inspections_vehicle_date, stepped back per vehicle).
 */
function readingBefore(orgId: string, zone: string, column: 'miles' | 'hours', from: string): SQL {
  const c = sql.raw(column);
  return sql`(
    select max(b.${c}) from inspections b
    where b.vehicle_id = p.vehicle_id and b.org_id = ${orgId} and b.deleted_at is null and b.${c} is not null
      and b.inspection_date < ${from}::timestamptz
      and b.inspection_date >= (
        select date_trunc('day', l.inspection_date at time zone ${zone}) at time zone ${zone} from inspections l
        where l.vehicle_id = p.vehicle_id and l.org_id = ${orgId} and l.deleted_at is null and l.${c} is not null
          and l.inspection_date < ${from}::timestamptz
        order by l.inspection_date desc limit 1))`;
}

/**
 * The common table expression `used` of usage: per vehicle, reading ('m' miles, 'h' hours) and calendar
 * month in range with a reading (kept-figures.ts: kept whole months, the range's ends summed), the use
 * over the month and its last reading. A day's use is its reading against the day before it with one (a
 * lower reading, a corrected odometer, is no use; the first reading ever is none): inside a month the
 * kept `used` holds it, and a month's first day is compared with the month before in range, or for the
 * range's first month with the last reading before the range, looked up for those months only.
 */
async function usedPerMonth(db: Queryable, orgId: string, zone: string, range: DayRange): Promise<SQL> {
  return sql`
    p as (
      select m.*, lag(last_reading) over (partition by vehicle_id, what order by month) as before
      from (${await usageMonthsOver(db, orgId, zone, range)}) m
    ),
    used as (
      select vehicle_id, what, month, last_reading as last,
             used + greatest(first_reading - coalesce(before, case what when 'm' then ${readingBefore(orgId, zone, 'miles', range.from)}
                                                                         else ${readingBefore(orgId, zone, 'hours', range.from)} end), 0) as used
      from p
    )`;
}

/** The organization's live vehicles. */
const LIVE = (orgId: string) => sql`select id from vehicles where org_id = ${orgId} and deleted_at is null`;

const byReg = (a: InsightVehicle, b: InsightVehicle) => byName(a.regNumber, b.regNumber) || compareIso(a.vehicleId, b.vehicleId);

/** GET /insights/usage/timeseries: per vehicle and calendar month with a reading, the use (the sum of the days' deltas) and the month's last reading. */
export async function usageTimeseries(db: Queryable, orgId: string, query: InsightsQuery, zone: string): Promise<UsageTimeseries> {
  const range = dayRange(query.start, query.end, zone);
  const rows = await selectRows<{ vehicle_id: string; month: string; what: 'm' | 'h'; used: number | string; last: number }>(
    db,
    sql`
      with ${await usedPerMonth(db, orgId, zone, range)}
      select vehicle_id, to_char(month, 'YYYY-MM') as month, what, used::float8 as used, last
      from used
      where vehicle_id in (${LIVE(orgId)})`,
  );
  type Month = UsageTimeseries['months'][number];
  const months = new Map<string, Month>();
  for (const r of rows) {
    const key = `${r.vehicle_id} ${r.month}`;
    const m = months.get(key) ?? { vehicleId: r.vehicle_id, month: r.month, miles: 0, hours: 0, totalMiles: null, totalHours: null };
    months.set(key, m);
    if (r.what === 'm') {
      m.miles = num(r.used);
      m.totalMiles = r.last;
    } else {
      m.hours = num(r.used);
      m.totalHours = r.last;
    }
  }
  const ids = [...new Set(rows.map((r) => r.vehicle_id))];
  const vehicles =
    ids.length === 0
      ? []
      : (
          await selectRows<VehicleRow>(
            db,
            sql`select id, reg_number, vehicle_type, year, make, model from vehicles where org_id = ${orgId} and id in ${textList(ids)}`,
          )
        )
          .map(toVehicle)
          .sort(byReg);
  const order = new Map(vehicles.map((v, i) => [v.vehicleId, i]));
  return {
    start: query.start,
    end: query.end,
    vehicles,
    months: [...months.values()].sort((a, b) => order.get(a.vehicleId)! - order.get(b.vehicleId)! || compareIso(a.month, b.month)),
  };
}

/** GET /insights/usage/excess: per vehicle inspected in range, its use over the range against its failed answers. */
export async function usageExcess(db: Queryable, orgId: string, query: InsightsQuery, zone: string): Promise<UsageExcess> {
  const range = dayRange(query.start, query.end, zone);
  const rows = await selectRows<VehicleRow & { miles: number | string; hours: number | string; errors: number }>(
    db,
    sql`
      with ${await usedPerMonth(db, orgId, zone, range)},
      total as (
        select vehicle_id, sum(used) filter (where what = 'm') as miles, sum(used) filter (where what = 'h') as hours
        from used group by 1
      ),
      errs as (select x.vehicle_id, count(*)::int as errors from (${await failedAnswers(db, orgId, range)}) x group by 1)
      select v.id, v.reg_number, v.vehicle_type, v.year, v.make, v.model,
             coalesce(t.miles, 0)::float8 as miles, coalesce(t.hours, 0)::float8 as hours, coalesce(e.errors, 0) as errors
      from vehicles v
      left join total t on t.vehicle_id = v.id
      left join errs e on e.vehicle_id = v.id
      where v.org_id = ${orgId} and v.deleted_at is null
        -- inspected in range: one index step per vehicle
        and exists (select 1 from inspections i where i.vehicle_id = v.id and i.org_id = ${orgId} and i.deleted_at is null and ${within('i.inspection_date', range)})`,
  );
  const vehicles = rows.map((r) => ({ ...toVehicle(r), miles: num(r.miles), hours: num(r.hours), errors: r.errors })).sort(byReg);
  return { start: query.start, end: query.end, vehicles };
}
