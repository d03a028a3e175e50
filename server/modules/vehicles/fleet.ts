import { and, eq, isNull } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import type { Principal } from '../../auth/principal.ts';
import type { SyncTable } from '../../sync/sync-table.ts';
import { syncColumnsOf } from '../../sync/columns.ts';
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
type SourceName = keyof FleetSources;

/** The organization's live rows of one feed, in the feed's shape, as the device's mirror holds them. */
async function readFeed(tx: Tx, tables: readonly SyncTable[], p: Principal, name: SourceName): Promise<unknown[]> {
  const entry = tables.find((t) => t.name === name);
  if (!entry) throw new Error(`the sync feed has no table ${name}`);
  const c = syncColumnsOf(entry.table);
  const rows = await tx
    .select()
    .from(entry.table)
    .where(and(eq(c.orgId, p.orgId), isNull(c.deletedAt), entry.visibleTo?.(p, entry.table)));
  return rows.map((row) => entry.toApi(row));
}

/**
 * GET /data/v2/fleet/bulk: the Fleet Details rows, derived with the same rule the device runs over its
 * mirror, from one snapshot of the organization's feeds. Decommissioned vehicles only with showArchives.
 */
export async function fleetRows(db: Db, tables: readonly SyncTable[], p: Principal, showArchives: boolean): Promise<FleetRow[]> {
  const sources = await db.transaction(
    async (tx) => {
      const read: Partial<Record<SourceName, unknown[]>> = {};
      for (const name of Object.keys(SOURCES) as SourceName[]) read[name] = await readFeed(tx, tables, p, name);
      return read as unknown as FleetSources;
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
  const vehicles = sources.vehicles
    .filter((v) => showArchives || v.decommissionDate === null)
    .sort((a, b) => a.regNumber.toLowerCase().localeCompare(b.regNumber.toLowerCase()) || a.vehicleId.localeCompare(b.vehicleId));
  return deriveFleetRows({ ...sources, vehicles }, new Date());
}
