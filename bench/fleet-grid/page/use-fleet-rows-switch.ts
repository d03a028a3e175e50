// Stands in for ./use-fleet-rows.ts in FleetDetailsScreen (the build's seams plugin), so that the real
// screen renders either way: with the real hook over the mirror, or with rows a plain fetch brought.
import { useFleetRows as useMirrorFleetRows, type FleetData } from '../../../src/features/fleet/use-fleet-rows.ts';
import { benchState } from './bench-state.ts';

export type { FleetData };

export function useFleetRows(): FleetData {
  // The source is fixed from mount to unmount, so every render of a mount calls the same hooks.
  // eslint-disable-next-line react-hooks/rules-of-hooks -- see above: the same branch for the whole mount
  if (benchState.source === 'mirror') return useMirrorFleetRows();
  const fetched = benchState.fetched;
  if (!fetched) throw new Error('fetchBulk first: the fetch source has no rows');
  return { rows: fetched.rows, sections: fetched.sections, error: null };
}
