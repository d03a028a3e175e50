import { inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { discrepancyPictures } from '../../db/schema/index.ts';
import type { Principal } from '../../auth/principal.ts';
import type { SyncTable } from '../../sync/sync-table.ts';
import { readSnapshot } from '../../sync/snapshot.ts';
import { annotationIds, fleetRowsFromSummaries } from '../../../core/rules/fleet-row.ts';
import type { FleetRow } from '../../../core/schema/fleet.ts';
import { readKeptSummaries, storeKeptSummaries } from './fleet-summaries.ts';
import { DEFAULT_TIME_ZONE } from '../../../core/rules/org-clock.ts';

/**
 * GET /data/v2/fleet/bulk: the Fleet Details rows, made with the same rule the device runs over its
 * mirror, from one snapshot of the organization's feeds: the vehicles, workflows and users, and the
 * summaries the server keeps of the histories (./fleet-summaries.ts). Decommissioned vehicles only
 * with showArchives.
 */
export async function fleetRows(db: Db, tables: readonly SyncTable[], p: Principal, showArchives: boolean): Promise<FleetRow[]> {
  const now = new Date();
  const { fleet, kept, pictures } = await readSnapshot(db, tables, p, async (s) => {
    const fleet = await s.liveFeeds(['vehicles', 'workflows', 'users', 'organizations']);
    const kept = await readKeptSummaries(
      s,
      tables,
      p.orgId,
      fleet.vehicles.map((v) => v.vehicleId),
      now,
    );
    // The captions of the discrepancies rows show (Most Recent Annotation): those pictures alone.
    const ids = annotationIds(kept.summaries.values());
    const pictures = ids.length > 0 ? await s.live('discrepancyPictures', inArray(discrepancyPictures.discrepancyId, ids)) : [];
    return { fleet, kept, pictures };
  });
  await storeKeptSummaries(db, p.orgId, kept);
  const shown = fleet.vehicles
    .filter((v) => showArchives || v.decommissionDate === null)
    .sort((a, b) => a.regNumber.toLowerCase().localeCompare(b.regNumber.toLowerCase()) || a.vehicleId.localeCompare(b.vehicleId));
  const zone = fleet.organizations[0]?.timeZone ?? DEFAULT_TIME_ZONE;
  return fleetRowsFromSummaries({ ...fleet, vehicles: shown, summaries: kept.summaries, discrepancyPictures: pictures }, now, zone);
}
