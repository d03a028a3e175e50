// Stands in for core/rules/fleet-row.ts in the screen's hook only (the build's seams plugin): the same
// function, timed, with its sources kept for warm runs.
import { deriveFleetRows as derive, type FleetSources } from '../../../core/rules/fleet-row.ts';
import type { FleetRow } from '../../../core/schema/fleet.ts';
import { benchState } from './bench-state.ts';

export type { FleetSources };

export function deriveFleetRows(sources: FleetSources, now: Date): FleetRow[] {
  const start = performance.now();
  const rows = derive(sources, now);
  const endAt = performance.now();
  const records = Object.values(sources).reduce((n: number, list: unknown[]) => n + list.length, 0);
  benchState.lastDerive = { ms: endAt - start, endAt, records, sources, rows };
  return rows;
}
