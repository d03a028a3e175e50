import { useEffect } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { formatDateTime, inspectionPath, vehiclePath } from '../../shared/fleet-format.ts';
import { InspectionHeader } from './InspectionHeader.tsx';
import { ResultsGrid } from './ResultsGrid.tsx';
import { ResultsUnavailable } from './ResultsUnavailable.tsx';
import { useInspectionDetail } from './use-inspection-detail.ts';

export const INSPECTION_NOT_FOUND = 'No inspection with this id was found on this device.';

function BackButton({ regNumber }: { regNumber: string }) {
  return (
    <Group>
      <Button component={Link} to={vehiclePath(regNumber)} variant="subtle" leftSection={<IconArrowLeft size={18} aria-hidden />} px="xs">
        Back to {regNumber}
      </Button>
    </Group>
  );
}

/**
 * An inspection (/Vehicle/{regNumber}/inspection/{inspectionId}, part 1 §2 Inspection detail): the
 * header and the results, from the mirror, or for an older inspection fetched once and kept on the
 * device. The inspection is found by its id; an address with another spelling or an old registration
 * of its vehicle is replaced by the vehicle's registration now.
 */
export function InspectionDetailScreen() {
  const { regNumber = '', inspectionId = '' } = useParams();
  const navigate = useNavigate();
  const detail = useInspectionDetail(inspectionId, regNumber);

  const current = detail.state === 'found' ? detail.view.regNumber : null;
  useEffect(() => {
    if (current !== null && current.toLowerCase() !== regNumber.trim().toLowerCase()) void navigate(inspectionPath(current, inspectionId), { replace: true });
  }, [current, regNumber, inspectionId, navigate]);

  if (detail.state === 'loading') {
    return (
      <Group gap="sm" role="status">
        <Loader size="sm" aria-hidden />
        <Text>Loading...</Text>
      </Group>
    );
  }
  if (detail.state === 'missing') {
    return (
      <Stack gap="md">
        <BackButton regNumber={regNumber} />
        <Title order={1}>Inspection Detail</Title>
        <Text>{INSPECTION_NOT_FOUND}</Text>
      </Stack>
    );
  }

  const { view, fetch, retry } = detail;
  return (
    <Stack gap="lg">
      <Stack gap="xs">
        <BackButton regNumber={view.regNumber} />
        <InspectionHeader header={view.header} regNumber={view.regNumber} />
      </Stack>
      <Stack gap="xs">
        <Group justify="space-between" align="baseline" wrap="wrap">
          <Title order={2} size="h4">
            Results
          </Title>
          {view.source === 'kept' && view.fetchedAt ? (
            <Text size="sm" c="dimmed">
              Loaded from the server on {formatDateTime(view.fetchedAt)}; kept on this device for reading offline.
            </Text>
          ) : null}
        </Group>
        {view.results ? <ResultsGrid results={view.results} /> : fetch ? <ResultsUnavailable fetch={fetch} onRetry={retry} /> : null}
      </Stack>
    </Stack>
  );
}
