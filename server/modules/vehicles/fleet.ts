import type { Db } from '../../db/client.ts';
import type { Principal } from '../../auth/principal.ts';
import type { SyncTable } from '../../sync/sync-table.ts';
import { readSnapshot } from '../../sync/snapshot.ts';
import { deriveFleetRows, type FleetSources } from '../../../core/rules/fleet-row.ts';
import type { FleetRow } from '../../../core/schema/fleet.ts';

/** Every feed the rule reads (a Record, so that a source the rule gains cannot be forgotten here). */
const SOURCES: Record<keyof FleetSources, true> = {
  vehicles: true,
  workflows: true,
  inspections: true,
  discrepancies: true,
  scheduledMx: true,
  ltis: true,
  pmis: true,
  waivers: true,
  tdys: true,
  notes: true,
  users: true,
};

/**
 * GET /data/v2/fleet/bulk: the Fleet Details rows, derived with the same rule the device runs over its
 * mirror, from one snapshot of the organization's feeds. Decommissioned vehicles only with showArchives.
 */
export async function fleetRows(db: Db, tables: readonly SyncTable[], p: Principal, showArchives: boolean): Promise<FleetRow[]> {
  const sources: FleetSources = await readSnapshot(db, tables, p, (s) => s.liveFeeds(Object.keys(SOURCES) as (keyof FleetSources)[]));
  const vehicles = sources.vehicles
    .filter((v) => showArchives || v.decommissionDate === null)
    .sort((a, b) => a.regNumber.toLowerCase().localeCompare(b.regNumber.toLowerCase()) || a.vehicleId.localeCompare(b.vehicleId));
  return deriveFleetRows({ ...sources, vehicles }, new Date());
}
