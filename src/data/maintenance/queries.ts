import type { FeedName, FeedRow } from '../../../core/schema/feeds.ts';
import type { MirrorDb } from '../../db/mirror.ts';

type MaintenanceFeed = Extract<FeedName, 'scheduledMx' | 'ltis' | 'pmis'>;

/** A vehicle's scheduled maintenance, LTIs or PMIs, soonest first. */
export async function maintenanceOfVehicle<F extends MaintenanceFeed>(db: MirrorDb, feed: F, vehicleId: string): Promise<FeedRow<F>[]> {
  const rows = (await db.feed(feed).where('vehicleId').equals(vehicleId).toArray()) as (FeedRow<F> & { id: string })[];
  rows.sort((a, b) => a.mxDate.localeCompare(b.mxDate) || a.id.localeCompare(b.id));
  return rows.map(({ id: _id, ...row }) => row as unknown as FeedRow<F>);
}
