import type { KnownVehicle } from '../../core/rules/vehicle-form.ts';
import type { Section } from '../../core/schema/organization.ts';
import type { Workflow } from '../../core/schema/workflow.ts';
import { useLiveQuery, useMirror } from '../sync/react.tsx';
import { knownVehicles, vehicleTypeNames } from './vehicle-options.ts';

export interface VehicleLookups {
  sections: Section[];
  workflows: Workflow[];
  /** Vehicle type names, each once. */
  vehicleTypes: string[];
  /** Every vehicle of the organization (decommissioned too), for the registration checks. */
  vehicles: KnownVehicle[];
}

const EMPTY: VehicleLookups = { sections: [], workflows: [], vehicleTypes: [], vehicles: [] };

/**
 * What the vehicle forms choose from and check against, live from the mirror. Nothing is read while
 * `active` is false: a closed form mounted with its screen (Add Vehicle(s) on Fleet Details) would
 * otherwise read every vehicle of the fleet as the screen opens, beside the screen's own read.
 */
export function useVehicleLookups(active = true): VehicleLookups {
  const db = useMirror();
  return useLiveQuery(
    async () => {
      if (!active) return EMPTY;
      const [sections, workflows, types, vehicles] = await Promise.all([
        db.feed('sections').toArray(),
        db.feed('workflows').toArray(),
        db.feed('vehicleTypes').toArray(),
        db.feed('vehicles').toArray(),
      ]);
      return { sections, workflows, vehicleTypes: vehicleTypeNames(types), vehicles: knownVehicles(vehicles) };
    },
    [db, active],
    EMPTY,
  );
}
