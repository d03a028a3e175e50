import { sql } from 'drizzle-orm';
import type { InspectInsight, InsightsQuery } from '../../../core/schema/insights.ts';
import type { Queryable } from '../../db/client.ts';
import { byName, compareIso } from './order.ts';
import { dayRange, num, selectRows, within } from './sql.ts';

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
 * GET /insights/inspect: the inspections in range that have a duration, in one pass over the range
 * (grouping sets): per UTC day and vehicle type, per inspector and vehicle type, per vehicle, and per
 * inspector and recorded name (the name of the inspector's newest inspection is the one shown).
 */
export async function inspectInsight(db: Queryable, orgId: string, query: InsightsQuery): Promise<InspectInsight> {
  const range = dayRange(query.start, query.end);
  // The planner guesses the groups from the rows (816,000 for a year of 5,000 vehicles) where there
  // are a few thousand (days x types, vehicles, inspectors): above work_mem it sorts the 1.27 million
  // rows twice instead of hashing them (4.6 s against 2.8 s). The groups are bounded whatever the
  // history, so the real hash tables stay a few megabytes; the room is for this read only.
  await db.execute(sql`set local work_mem = '512MB'`);
  const rows = await selectRows<Row>(
    db,
    sql`
      with t as (
        select (i.inspection_date at time zone 'UTC')::date as day, i.inspection_date, i.inspector_id, i.inspector_name,
               i.vehicle_id, v.vehicle_type, i.duration_seconds
        from inspections i
        join vehicles v on v.id = i.vehicle_id and v.org_id = i.org_id and v.deleted_at is null
        where i.org_id = ${orgId} and i.deleted_at is null and i.duration_seconds is not null and ${within('i.inspection_date', range)}
      ),
      g as (
        select
          case when grouping(t.day) = 0 then 'day'
               when grouping(t.vehicle_id) = 0 then 'vehicle'
               when grouping(t.vehicle_type) = 0 then 'inspector'
               else 'name' end as kind,
          to_char(t.day, 'YYYY-MM-DD') as day, t.inspector_id, t.inspector_name, t.vehicle_id, t.vehicle_type,
          count(*)::int as inspections, sum(t.duration_seconds)::float8 as seconds,
          to_char(max(t.inspection_date) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US') as latest
        from t
        group by grouping sets ((t.day, t.vehicle_type), (t.vehicle_id), (t.inspector_id, t.vehicle_type), (t.inspector_id, t.inspector_name))
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
