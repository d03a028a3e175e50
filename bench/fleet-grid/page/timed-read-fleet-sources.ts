// Stands in for src/features/fleet/read-fleet-sources.ts in the screen's hook only (the build's seams
// plugin): the same read of the mirror, timed.
import { readFleetSources as read } from '../../../src/features/fleet/read-fleet-sources.ts';
import { benchState } from './bench-state.ts';

export const readFleetSources: typeof read = async (db, now) => {
  const start = performance.now();
  const answer = await read(db, now);
  benchState.lastRead = { start, end: performance.now() };
  return answer;
};
