// Stands in for core/rules/fleet-row.ts in the screen's hook only (the build's seams plugin): the same
// function, timed, with what it was given kept for warm runs.
import { fleetRowsFromSummaries as derive, type SummarizedFleet } from '../../../core/rules/fleet-row.ts';
import type { FleetRow } from '../../../core/schema/fleet.ts';
import { benchState } from './bench-state.ts';

export type { SummarizedFleet };

export function fleetRowsFromSummaries(fleet: SummarizedFleet, now: Date): FleetRow[] {
  const start = performance.now();
  const rows = derive(fleet, now);
  const endAt = performance.now();
  const records = fleet.vehicles.length + fleet.workflows.length + fleet.users.length + fleet.summaries.size;
  benchState.lastDerive = { ms: endAt - start, endAt, records, sources: fleet, rows };
  return rows;
}
