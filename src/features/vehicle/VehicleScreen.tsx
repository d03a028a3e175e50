import { useCallback, useEffect, useState } from 'react';
import { Navigate, useNavigate, useParams } from 'react-router';
import { Alert, Group, Loader, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle } from '@tabler/icons-react';
import { regNumberKey } from '../../../core/schema/registration.ts';
import { useSession } from '../../auth/session-context.ts';
import { formatDate, vehiclePath } from '../../shared/fleet-format.ts';
import { isReadOnlyRole } from '../../../core/rules/read-only.ts';
import { useVehicle } from './use-vehicle.ts';
import { useVehicleLookups } from '../../shared/use-vehicle-lookups.ts';
import { VehicleHeader } from './VehicleHeader.tsx';
import { VehicleTabs } from './VehicleTabs.tsx';

export const vehicleNotFoundMessage = (regNumber: string) => `No vehicle with registration number ${regNumber} was found.`;

/**
 * The vehicle page (/Vehicle/{regNumber}, part 1 §2): the registration is looked up in the mirror,
 * case-insensitively; an unknown one goes to Fleet Details with a notice. The header shows and edits
 * the vehicle; the tabs come with later work.
 */
export function VehicleScreen() {
  const { regNumber = '' } = useParams();
  const navigate = useNavigate();
  const { user } = useSession();
  // The vehicle this page showed, and under which registration: if that registration stops matching
  // (renamed here, a refused rename rolled back, renamed on another device) the page follows the vehicle.
  const [pinned, setPinned] = useState<{ id: string; regKey: string } | null>(null);
  const regKey = regNumberKey(regNumber);
  const lookup = useVehicle(regNumber, pinned?.regKey === regKey ? pinned.id : null);
  const lookups = useVehicleLookups();

  const foundId = lookup.state === 'found' ? lookup.details.vehicle.vehicleId : null;
  useEffect(() => {
    if (foundId) setPinned({ id: foundId, regKey });
  }, [foundId, regKey]);

  // The pin keeps the old registration until the new address is open (the effect above moves it):
  // re-pinning first would leave one render with the old address and no pin, which reads as "missing".
  const follow = useCallback((next: string) => void navigate(vehiclePath(next), { replace: true }), [navigate]);
  const renamedTo = lookup.state === 'renamed' ? lookup.regNumber : null;
  useEffect(() => {
    if (renamedTo !== null) follow(renamedTo);
  }, [renamedTo, follow]);

  const missing = lookup.state === 'missing';
  useEffect(() => {
    // One notice however often the effect runs (the id de-duplicates it).
    if (missing) notifications.show({ id: `vehicle-not-found-${regNumber}`, color: 'yellow', message: vehicleNotFoundMessage(regNumber) });
  }, [missing, regNumber]);

  if (missing) return <Navigate to="/FleetDetails" replace />;
  if (lookup.state !== 'found') {
    return (
      <Group gap="sm" role="status">
        <Loader size="sm" aria-hidden />
        <Text>Loading...</Text>
      </Group>
    );
  }

  const { details } = lookup;
  return (
    <Stack gap="lg">
      {details.vehicle.decommissionDate !== null ? (
        <Alert color="gray" variant="light" icon={<IconAlertTriangle aria-hidden />}>
          This vehicle was decommissioned on {formatDate(details.vehicle.decommissionDate)}.
        </Alert>
      ) : null}
      <VehicleHeader details={details} lookups={lookups} readOnly={isReadOnlyRole(user.role)} onRenamed={follow} />
      <VehicleTabs vehicleId={details.vehicle.vehicleId} regNumber={details.vehicle.regNumber} readOnly={isReadOnlyRole(user.role)} />
    </Stack>
  );
}
