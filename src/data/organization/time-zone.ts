import { orgZoneOf } from '../../../core/rules/org-clock.ts';
import type { MirrorDb } from '../../db/mirror.ts';

/**
 * The organization's time zone as the mirror holds it (a device mirrors its one organization), for
 * code outside React such as mutators; UTC until one is chosen or synced, as on the server.
 */
export async function orgTimeZoneOf(db: MirrorDb): Promise<string> {
  const [org] = await db.feed('organizations').toArray();
  return orgZoneOf(org ?? null);
}
