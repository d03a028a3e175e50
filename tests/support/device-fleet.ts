import type { FeedRow } from '../../core/schema/feeds.ts';
import type { SyncChange } from '../../core/schema/sync.ts';
import type { FleetRow } from '../../core/schema/fleet.ts';
import { deriveFleetRows, type FleetSources } from '../../core/rules/fleet-row.ts';

const HISTORY = ['workflows', 'inspections', 'discrepancies', 'discrepancyPictures', 'scheduledMx', 'ltis', 'pmis', 'waivers', 'tdys', 'notes', 'users'] as const;

/**
 * The Fleet Details rows a device derives from what it pulled (`pullAll`'s rows), vehicles in commission
 * only, by vehicle id, on the days of the organization's zone as pulled.
 */
export function deviceFleetRows(rows: ReadonlyMap<string, SyncChange>, now = new Date()): FleetRow[] {
  const feeds = new Map<string, unknown[]>();
  for (const change of rows.values()) feeds.set(change.t, [...(feeds.get(change.t) ?? []), change.data]);
  const of = <N extends keyof FleetSources>(name: N) => (feeds.get(name) ?? []) as FleetSources[N];
  const sources: FleetSources = {
    ...(Object.fromEntries(HISTORY.map((n) => [n, of(n)])) as unknown as Omit<FleetSources, 'vehicles'>),
    vehicles: of('vehicles').filter((v) => v.decommissionDate === null),
  };
  const [organization] = (feeds.get('organizations') ?? []) as FeedRow<'organizations'>[];
  return byVehicleId(deriveFleetRows(sources, now, organization?.timeZone ?? undefined));
}

export const byVehicleId = (rows: readonly FleetRow[]) => [...rows].sort((a, b) => a.vehicleId.localeCompare(b.vehicleId));
