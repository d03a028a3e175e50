import { useCallback } from 'react';
import { useSession } from '../../../auth/session-context.ts';
import { updateVehicle, type VehicleChanges } from '../../../data/vehicles/update-vehicle.ts';
import { useMutate } from '../../../sync/react.tsx';

/**
 * Changes a vehicle through the outbox: shown at once, sent when the device can. A refusal is
 * rolled back and listed in the sync indicator with the server's message (part 1 §8 "most
 * mutations fail": no message in the dialog).
 */
export function useUpdateVehicle(): (vehicleId: string, changes: VehicleChanges) => Promise<void> {
  const mutate = useMutate();
  const { user } = useSession();
  return useCallback(
    async (vehicleId, changes) => {
      await mutate(updateVehicle, { vehicleId, changes, userId: user.userId });
    },
    [mutate, user.userId],
  );
}
