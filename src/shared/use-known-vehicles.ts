import type { KnownVehicle } from '../../core/rules/vehicle-form.ts';
import { useLiveQuery, useMirror } from '../sync/react.tsx';
import { knownVehicles } from './vehicle-options.ts';

const NONE: KnownVehicle[] = [];

/**
 * Every vehicle of the organization (decommissioned too), live from the mirror, for the registration
 * checks of the forms that add or rename vehicles. At fleet scale this is thousands of records (and
 * Dexie's live-query cache clones each), so it is read only where such a form is open: nothing is read
 * while `active` is false.
 */
export function useKnownVehicles(active = true): KnownVehicle[] {
  const db = useMirror();
  return useLiveQuery(async () => (active ? knownVehicles(await db.feed('vehicles').toArray()) : NONE), [db, active], NONE);
}
