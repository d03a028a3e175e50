import { deriveFleetRows, type FleetSources } from '../../../core/rules/fleet-row.ts';
import type { Section } from '../../../core/schema/organization.ts';
import type { FleetRow } from '../../../core/schema/fleet.ts';
import { useNow } from '../../app/use-now.ts';
import { useLiveQuery, useMirror, useSyncStatus } from '../../sync/react.tsx';

const DAY_MS = 86_400_000;

/**
 * The feeds read, in one read-only transaction: one snapshot of them all, and outside Dexie's live-query
 * cache. That cache (the mirror's default, cache: 'cloned') would keep every record a second time while
 * the screen is open and hand the hook deep clones, built property by property: slower to make, and
 * slower to derive from. docs/fleet-details.md has the figures (bench/fleet-grid.bench.ts).
 */
const FEEDS = ['vehicles', 'workflows', 'inspections', 'discrepancies', 'scheduledMx', 'ltis', 'pmis', 'waivers', 'tdys', 'notes', 'users', 'sections'] as const;

export interface FleetData {
  /** undefined while loading (the mirror has not answered, or the first pull has not finished). */
  rows: FleetRow[] | undefined;
  sections: Section[];
  error: string | null;
}

/**
 * The Fleet Details rows, derived on the device from the mirror (docs/architecture.md "Data and
 * sync") with the rule the server uses too. Decommissioned vehicles are rows too: the grid's default
 * In Commission filter hides them, and 'Show Decommissioned' finds one to re-commission. Rows are derived again when a feed changes, and when the day changes (days to ETIC, recent windows).
 */
export function useFleetRows(): FleetData {
  const db = useMirror();
  const { bootstrapped } = useSyncStatus();
  const day = Math.floor(useNow(60_000) / DAY_MS);
  const data = useLiveQuery(
    async () => {
      try {
        const { sources, sections } = await db.transaction('r', [...FEEDS], async () => {
          const [vehicles, workflows, inspections, discrepancies, scheduledMx, ltis, pmis, waivers, tdys, notes, users, sections] = await Promise.all([
            db.feed('vehicles').toArray(),
            db.feed('workflows').toArray(),
            db.feed('inspections').toArray(),
            db.feed('discrepancies').toArray(),
            db.feed('scheduledMx').toArray(),
            db.feed('ltis').toArray(),
            db.feed('pmis').toArray(),
            db.feed('waivers').toArray(),
            db.feed('tdys').toArray(),
            db.feed('notes').toArray(),
            db.feed('users').toArray(),
            db.feed('sections').toArray(),
          ]);
          const sources: FleetSources = { vehicles, workflows, inspections, discrepancies, scheduledMx, ltis, pmis, waivers, tdys, notes, users };
          return { sources, sections: sections as Section[] };
        });
        // Only the rows are kept: the records they come from (1.5 million for 5,000 vehicles and a
        // year) are garbage once derived, instead of a heap that every later garbage collection walks.
        return { rows: deriveFleetRows(sources, new Date()), sections, error: null };
      } catch (error) {
        // Part 1 §8: a failed load shows the raw error in place of the content.
        return { rows: null, sections: [] as Section[], error: error instanceof Error ? error.message : String(error) };
      }
    },
    // `day` reads and derives again once the date changes (days to ETIC, recent windows), though no feed did.
    [db, day],
  );
  // Until the first full pull has finished the mirror holds part of the fleet: 'Loading...', not a short list.
  const loading = data === undefined || (!bootstrapped && !data.error);
  return { rows: loading ? undefined : (data.rows ?? []), sections: data?.sections ?? [], error: data?.error ?? null };
}
