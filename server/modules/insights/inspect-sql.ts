import { sql } from 'drizzle-orm';
import type { InspectInsight, InsightsQuery } from '../../../core/schema/insights.ts';
import type { Queryable } from '../../db/client.ts';
import { byName, compareIso } from './order.ts';
import { inspectDaysOver, inspectionMonthsOver } from './kept-figures.ts';
import { dayRange, num } from './sql.ts';
import { selectRows } from '../../db/select-rows.ts';

interface Row {
  kind: 'day' | 'vehicle' | 'inspector' | 'name';
  day: string | null;
  inspector_id: string | null;
  inspector_name: string | null;
  vehicle_id: string | null;
  vehicle_type: string | null;
  inspections: number;
  seconds: number | string;
  /** The newest inspection of the group (for the inspector's name). */
  latest: string | null;
  reg_number: string | null;
  year: number | null;
  make: string | null;
  model: string | null;
  user_name: string | null;
}

/**
 * GET /insights/inspect: the inspections in range that have a duration, summed per day (the
 * organization's) and vehicle
 * type, and from their sums per vehicle, month and inspector (kept-figures.ts) per vehicle, per
 * inspector and vehicle type, and per inspector and recorded name (the name of the inspector's newest
 * inspection is the one shown). The type is the live vehicle's.
 */
export async function inspectInsight(db: Queryable, orgId: string, query: InsightsQuery, zone: string): Promise<InspectInsight> {
  const range = dayRange(query.start, query.end, zone);
  const rows = await selectRows<Row>(
    db,
    sql`
      with t as (
        select m.vehicle_id, v.vehicle_type, m.inspector_id, m.inspector_name, m.timed as inspections, m.seconds, m.latest
        from (${await inspectionMonthsOver(db, orgId, zone, range)}) m
        join vehicles v on v.id = m.vehicle_id and v.org_id = ${orgId} and v.deleted_at is null
        where m.timed > 0
      ),
      g as (
        select
          case when grouping(t.vehicle_id) = 0 then 'vehicle'
               when grouping(t.vehicle_type) = 0 then 'inspector'
               else 'name' end as kind,
          null::text as day, t.inspector_id, t.inspector_name, t.vehicle_id, t.vehicle_type,
          sum(t.inspections)::int as inspections, sum(t.seconds)::float8 as seconds,
          to_char(max(t.latest) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US') as latest
        from t
        group by grouping sets ((t.vehicle_id), (t.inspector_id, t.vehicle_type), (t.inspector_id, t.inspector_name))
        union all
        select 'day', to_char(d.day, 'YYYY-MM-DD'), null, null, null, d.vehicle_type, sum(d.inspections)::int, sum(d.seconds)::float8, null
        from (${await inspectDaysOver(db, orgId, zone, range)}) d
        group by d.day, d.vehicle_type
      )
      select g.kind, g.day, g.inspector_id, g.inspector_name, g.vehicle_id, coalesce(g.vehicle_type, v.vehicle_type) as vehicle_type,
             g.inspections, g.seconds, g.latest, v.reg_number, v.year, v.make, v.model, u.first_name || ' ' || u.last_name as user_name
      from g
      left join vehicles v on g.kind = 'vehicle' and v.id = g.vehicle_id
      left join users u on g.kind = 'inspector' and u.id = g.inspector_id`,
  );

  // The name an inspector's newest inspection records, else the user's name, else the id.
  const recorded = new Map<string, { latest: string; name: string }>();
  for (const r of rows) {
    if (r.kind !== 'name' || r.inspector_id === null || r.inspector_name === null || r.latest === null) continue;
    const seen = recorded.get(r.inspector_id);
    if (!seen || r.latest > seen.latest || (r.latest === seen.latest && r.inspector_name > seen.name))
      recorded.set(r.inspector_id, { latest: r.latest, name: r.inspector_name });
  }
  const nameOf = (r: Row) => recorded.get(r.inspector_id!)?.name ?? (r.user_name?.trim() || r.inspector_id!);

  const perDay = rows
    .filter((r) => r.kind === 'day')
    .map((r) => ({ day: r.day!, vehicleType: r.vehicle_type!, inspections: r.inspections, durationSeconds: num(r.seconds) }))
    .sort((a, b) => compareIso(a.day, b.day) || byName(a.vehicleType, b.vehicleType));
  const perInspector = rows
    .filter((r) => r.kind === 'inspector' && r.inspector_id !== null)
    .map((r) => ({
      inspectorId: r.inspector_id!,
      inspectorName: nameOf(r),
      vehicleType: r.vehicle_type!,
      inspections: r.inspections,
      durationSeconds: num(r.seconds),
    }))
    .sort((a, b) => byName(a.inspectorName, b.inspectorName) || compareIso(a.inspectorId, b.inspectorId) || byName(a.vehicleType, b.vehicleType));
  const perVehicle = rows
    .filter((r) => r.kind === 'vehicle')
    .map((r) => ({
      vehicleId: r.vehicle_id!,
      regNumber: r.reg_number!,
      vehicleType: r.vehicle_type!,
      year: r.year,
      make: r.make,
      model: r.model,
      inspections: r.inspections,
      durationSeconds: num(r.seconds),
    }))
    .sort((a, b) => byName(a.regNumber, b.regNumber) || compareIso(a.vehicleId, b.vehicleId));
  return { start: query.start, end: query.end, perDay, perInspector, perVehicle };
}
