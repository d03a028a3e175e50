import { fleetRowsFromSummaries } from '../../../core/rules/fleet-row.ts';
import type { Section } from '../../../core/schema/organization.ts';
import type { FleetRow } from '../../../core/schema/fleet.ts';
import { useNow } from '../../app/use-now.ts';
import { useLiveQuery, useMirror, useSyncFact } from '../../sync/react.tsx';
import { readFleetSources } from './read-fleet-sources.ts';
import { useFirstSyncRows } from './use-first-sync-rows.ts';
import { getMeta } from '../../db/meta.ts';
import type { MirrorDb } from '../../db/mirror.ts';
import { dayOf } from '../../../core/rules/org-clock.ts';
import { useOrgTimeZone } from '../../shared/org-time-zone.ts';

export interface FleetData {
  /**
   * undefined while loading (the mirror has not answered, or the first pull has not finished and the
   * server's rows have not come either).
   */
  rows: FleetRow[] | undefined;
  sections: Section[];
  error: string | null;
}

/**
 * The Fleet Details rows, derived on the device from the mirror (docs/architecture.md "Data and
 * sync") with the rule the server uses too. Decommissioned vehicles are rows too: the grid's default
 * In Commission filter hides them, and 'Show Decommissioned' finds one to re-commission. Rows are
 * derived again when what they were read from changes, and when the day changes (days to ETIC, recent
 * windows). While a first sync fills the mirror, the rows are the server's (use-first-sync-rows.ts).
 */
export function useFleetRows(): FleetData {
  const db = useMirror();
  const firstSyncUnderWay = useSyncFact((s) => s.firstSync !== null);
  const zone = useOrgTimeZone();
  const day = dayOf(useNow(60_000), zone);
  const data = useLiveQuery(
    async () => {
      try {
        // Read first: once it says the mirror is whole, the summaries written with it are whole too.
        // Until then the mirror holds part of the fleet: no rows (null), only the sections are read.
        if ((await getMeta(db, 'bootstrapped')) !== true) return { rows: null, sections: await sectionsOf(db), error: null };
        const now = new Date();
        const { fleet, sections } = await readFleetSources(db, now);
        // Only the rows are kept: the records they come from are garbage once derived.
        return { rows: fleetRowsFromSummaries(fleet, now, zone), sections, error: null };
      } catch (error) {
        // Part 1 §8: a failed load shows the raw error in place of the content.
        return { rows: [], sections: [] as Section[], error: error instanceof Error ? error.message : String(error) };
      }
    },
    // `day` reads and derives again once the date changes (days to ETIC, recent windows), though no feed did.
    [db, day, zone],
  );
  // Until the first full pull has finished, the server's rows, or 'Loading...' until they come, never a
  // short list. Asked only once the mirror has said it is not whole and a first sync is seen under way.
  const serverRows = useFirstSyncRows(data?.rows === null && firstSyncUnderWay);
  if (data === undefined) return { rows: undefined, sections: [], error: null };
  return { rows: data.rows ?? serverRows, sections: data.sections, error: data.error };
}

const sectionsOf = async (db: MirrorDb) => (await db.feed('sections').toArray()) as Section[];
