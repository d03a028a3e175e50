import { deriveFleetRows } from '../../../core/rules/fleet-row.ts';
import type { Vehicle } from '../../../core/schema/vehicle.ts';
import { useLiveQueryFor, useMirror, useSyncFact } from '../../sync/react.tsx';
import { vehiclesOfRegistration } from '../../data/vehicles/queries.ts';
import { DEFAULT_TIME_ZONE } from '../../../core/rules/org-clock.ts';

export interface VehicleDetails {
  vehicle: Vehicle;
  /** Part 1 §2 header: 'TDY yes/no', by the Fleet Details rule. */
  onTdy: boolean;
  /** The organization's name: the vehicle's owner. */
  ownerName: string | null;
}

export type VehicleLookup =
  | { state: 'loading' }
  | { state: 'missing' }
  /** Found by id under another registration (renamed here or elsewhere): the page moves to it. */
  | { state: 'renamed'; regNumber: string }
  | { state: 'found'; details: VehicleDetails };

/**
 * The vehicle of a registration, case-insensitive (part 1 §2). `knownId` is the vehicle this page
 * showed last: when its registration changes (an edit, a refused edit rolled back, another device),
 * the page follows the vehicle rather than losing it.
 */
export function useVehicle(regNumber: string, knownId: string | null): VehicleLookup {
  const db = useMirror();
  const bootstrapped = useSyncFact((s) => s.bootstrapped);
  // Keyed by the registration asked for: another vehicle's header never shows under it. The known id is a hint.
  const found = useLiveQueryFor(
    [regNumber],
    async (): Promise<{ renamedTo: string } | { details: VehicleDetails } | null> => {
      const matches = await vehiclesOfRegistration(db, regNumber);
      // Should two differ only in case, the one in commission wins.
      const vehicle = matches.find((v) => v.decommissionDate === null) ?? matches[0];
      if (!vehicle) {
        const known = knownId ? await db.feed('vehicles').get(knownId) : undefined;
        return known ? { renamedTo: known.regNumber } : null;
      }
      const [tdys, organizations] = await Promise.all([db.feed('tdys').where('vehicleId').equals(vehicle.vehicleId).toArray(), db.feed('organizations').toArray()]);
      const org = organizations.find((o) => o.orgId === vehicle.orgId) ?? organizations[0];
      const [row] = deriveFleetRows(
        { vehicles: [vehicle], tdys, workflows: [], inspections: [], discrepancies: [], scheduledMx: [], ltis: [], pmis: [], waivers: [], notes: [], users: [] },
        new Date(),
        org?.timeZone ?? DEFAULT_TIME_ZONE,
      );
      const { id: _id, ...plain } = vehicle;
      return { details: { vehicle: plain, onTdy: row?.onTdy ?? false, ownerName: org?.name ?? null } };
    },
    [db, regNumber, knownId],
  );

  if (found === undefined) return { state: 'loading' };
  if (found === null) return bootstrapped ? { state: 'missing' } : { state: 'loading' };
  if ('renamedTo' in found) return { state: 'renamed', regNumber: found.renamedTo };
  return { state: 'found', details: found.details };
}
