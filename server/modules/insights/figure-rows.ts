import { sql, type SQL } from 'drizzle-orm';

/*
 * The inspections summed as the kept figures hold them (server/db/schema/insight-figures.ts), as plain
 * SELECTs over `source`: a FROM clause that names the inspections `i` (`inspections i`, or a join of the
 * months or days to make again with the inspections in them), and `where`, over `i`. The fold makes the
 * kept rows with them, and a read makes the rows of the days it cannot read kept (kept-figures.ts).
 * Days and months are the organization's, in its zone `zone` (core/rules/org-clock.ts).
 */

const INSPECTIONS = sql`inspections i`;

/** The first day (a date) of the month in `zone` (the organization's) of the timestamptz `column`. */
export const monthOf = (column: SQL, zone: string) => sql`date_trunc('month', ${column} at time zone ${zone})::date`;
/** The day (a date) in `zone` of the timestamptz `column`. */
export const dayOf = (column: SQL, zone: string) => sql`(${column} at time zone ${zone})::date`;

/**
 * Per vehicle, reading ('m' miles, 'h' hours) and month with a reading: columns vehicle_id, what,
 * month, first_day, first_reading, last_day, last_reading, used. A day's reading is its highest; `used`
 * is the use between the month's days, each against the day before it with a reading (a lower
 * reading, a corrected odometer, is no use). The use of the first day, against the month before, is
 * the reader's to add: it depends on the range read.
 */
export function usageMonthRows(orgId: string, zone: string, where: SQL, source: SQL = INSPECTIONS): SQL {
  return sql`
    select vehicle_id, what, month, min(day) as first_day, max(reading) filter (where previous is null)::int as first_reading,
           max(day) as last_day, max(reading) filter (where next_day is null)::int as last_reading,
           coalesce(sum(greatest(reading - previous, 0)), 0)::bigint as used
    from (
      select vehicle_id, what, day, date_trunc('month', day)::date as month, reading,
             lag(reading) over w as previous, lead(day) over w as next_day
      from (
        select i.vehicle_id, r.what, ${dayOf(sql`i.inspection_date`, zone)} as day, max(r.reading) as reading
        from ${source}
        cross join lateral (values ('m', i.miles), ('h', i.hours)) as r(what, reading)
        where i.org_id = ${orgId} and i.deleted_at is null and r.reading is not null and (${where})
        group by 1, 2, 3
      ) days
      window w as (partition by vehicle_id, what, date_trunc('month', day) order by day)
    ) d
    group by vehicle_id, what, month`;
}

/**
 * Per vehicle, month and inspector (id and recorded name): columns vehicle_id, month, inspector_id,
 * inspector_name, inspections, failed (`passed` false), notes (the sum of `num_notes`), timed (with a
 * duration), seconds (theirs) and latest (the newest timed one's moment, null when none is timed).
 */
export function inspectionMonthRows(orgId: string, zone: string, where: SQL, source: SQL = INSPECTIONS): SQL {
  return sql`
    select i.vehicle_id, ${monthOf(sql`i.inspection_date`, zone)} as month, i.inspector_id, i.inspector_name,
           count(*)::int as inspections, count(*) filter (where not i.passed)::int as failed, coalesce(sum(i.num_notes), 0)::int as notes,
           count(i.duration_seconds)::int as timed, coalesce(sum(i.duration_seconds), 0)::bigint as seconds,
           max(i.inspection_date) filter (where i.duration_seconds is not null) as latest
    from ${source}
    where i.org_id = ${orgId} and i.deleted_at is null and (${where})
    group by 1, 2, 3, 4`;
}

/** Per day and the live vehicle's type, the inspections with a duration: columns day, vehicle_type, inspections, seconds. */
export function inspectDayRows(orgId: string, zone: string, where: SQL, source: SQL = INSPECTIONS): SQL {
  return sql`
    select ${dayOf(sql`i.inspection_date`, zone)} as day, v.vehicle_type, count(*)::int as inspections, sum(i.duration_seconds)::bigint as seconds
    from ${source}
    join vehicles v on v.id = i.vehicle_id and v.org_id = i.org_id and v.deleted_at is null
    where i.org_id = ${orgId} and i.deleted_at is null and i.duration_seconds is not null and (${where})
    group by 1, 2`;
}
