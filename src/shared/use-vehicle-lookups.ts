import type { Section } from '../../core/schema/organization.ts';
import type { Workflow } from '../../core/schema/workflow.ts';
import { useLiveQuery, useMirror } from '../sync/react.tsx';
import { vehicleTypeNames } from './vehicle-options.ts';

export interface VehicleLookups {
  sections: Section[];
  workflows: Workflow[];
  /** Vehicle type names, each once. */
  vehicleTypes: string[];
}

const EMPTY: VehicleLookups = { sections: [], workflows: [], vehicleTypes: [] };

/**
 * What the vehicle forms and the vehicle header choose from and name, live from the mirror: a few
 * records, whatever the fleet's size. The registration checks' list of every vehicle is
 * `useKnownVehicles`, read only where a form that needs it is open.
 */
export function useVehicleLookups(): VehicleLookups {
  const db = useMirror();
  return useLiveQuery(
    async () => {
      const [sections, workflows, types] = await Promise.all([db.feed('sections').toArray(), db.feed('workflows').toArray(), db.feed('vehicleTypes').toArray()]);
      return { sections, workflows, vehicleTypes: vehicleTypeNames(types) };
    },
    [db],
    EMPTY,
  );
}
