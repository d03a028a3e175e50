import { useMemo, useState } from 'react';
import { Badge, Button, Card, Group, Loader, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconCircleCheck, IconProgress, IconQrcode, IconSearch } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import { ScanDialog } from './scan/ScanDialog.tsx';
import { useSession } from '../auth/session-context.ts';
import { useNow } from '../app/use-now.ts';
import { INSPECT_PATH } from './entry.ts';
import { StatusBadge } from './StatusBadge.tsx';
import { useInspectVehicles, type InspectVehicle } from './use-inspect-vehicles.ts';

/** A registration as typed into the search on a tablet: case, spaces, dashes and underscores do not matter. */
const searchKey = (s: string) => s.toUpperCase().replace(/[\s_-]/g, '');

/** A list this long is still quick to scroll on a tablet; past it the search narrows it. */
export const LISTED_AT_MOST = 100;

function VehicleCard({ vehicle }: { vehicle: InspectVehicle }) {
  return (
    <Card
      component={Link}
      to={`${INSPECT_PATH}/vehicles/${vehicle.vehicleId}`}
      withBorder
      radius="md"
      padding="md"
      aria-label={`${vehicle.regNumber}, ${vehicle.vehicleType}`}
      style={{ minHeight: 72 }}
    >
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Text fw={700} size="xl" ff="monospace">
            {vehicle.regNumber}
          </Text>
          <Text size="md" c="dimmed" truncate>
            {vehicle.vehicleType}
          </Text>
        </Stack>
        <Group gap="xs" justify="flex-end">
          {vehicle.inProgress && (
            <Badge size="lg" variant="light" color="indigo" c="dark.9" leftSection={<IconProgress size={16} aria-hidden />}>
              In progress
            </Badge>
          )}
          {vehicle.inspectedThisShift && (
            <Badge size="lg" variant="light" color="teal" c="dark.9" leftSection={<IconCircleCheck size={16} aria-hidden />}>
              Inspected this shift
            </Badge>
          )}
          <StatusBadge status={vehicle.status} />
        </Group>
      </Group>
    </Card>
  );
}

/** Choose the vehicle: the section's vehicles in commission, found by registration. */
export function VehicleListScreen() {
  const { user } = useSession();
  const now = useNow(60_000);
  const vehicles = useInspectVehicles(user.userId, now);
  const [search, setSearch] = useState('');
  const [scanning, setScanning] = useState(false);
  const navigate = useNavigate();
  const matches = useMemo(() => {
    const key = searchKey(search);
    return (vehicles ?? []).filter((v) => key === '' || searchKey(v.regNumber).includes(key));
  }, [vehicles, search]);

  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        Choose a vehicle
      </Title>
      <Group align="flex-end" gap="sm" wrap="nowrap">
        <TextInput
          size="lg"
          label="Registration"
          placeholder="Type part of the registration"
          leftSection={<IconSearch size={20} aria-hidden />}
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          autoComplete="off"
          autoCapitalize="characters"
          inputMode="search"
          style={{ flex: 1 }}
        />
        <Button size="lg" leftSection={<IconQrcode size={22} aria-hidden />} onClick={() => setScanning(true)} disabled={!vehicles?.length}>
          Scan
        </Button>
      </Group>
      {scanning && vehicles && (
        <ScanDialog vehicles={vehicles} onClose={() => setScanning(false)} onFound={(vehicleId) => navigate(`${INSPECT_PATH}/vehicles/${vehicleId}`)} />
      )}
      {vehicles === undefined ? (
        <Group justify="center" p="xl">
          <Loader aria-label="Loading vehicles" />
        </Group>
      ) : vehicles.length === 0 ? (
        <Text size="lg">No vehicles in commission on this tablet yet. They arrive with the first sync.</Text>
      ) : matches.length === 0 ? (
        <Text size="lg">No vehicle's registration contains “{search}”.</Text>
      ) : (
        <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label="Vehicles">
          {matches.slice(0, LISTED_AT_MOST).map((v) => (
            <li key={v.vehicleId}>
              <VehicleCard vehicle={v} />
            </li>
          ))}
          {matches.length > LISTED_AT_MOST && (
            <Text c="dimmed" component="li">
              {`Showing ${LISTED_AT_MOST} of ${matches.length.toLocaleString('en-US')} vehicles: type more of the registration.`}
            </Text>
          )}
        </Stack>
      )}
    </Stack>
  );
}
