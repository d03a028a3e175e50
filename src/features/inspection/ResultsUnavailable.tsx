import { Alert, Button, Group, Loader, Text } from '@mantine/core';
import { IconAlertTriangle, IconCloudOff, IconLogin } from '@tabler/icons-react';
import type { ResultsFetch } from './use-inspection-detail.ts';

export const RESULTS_OFFLINE =
  'This inspection is older than the previous month, so its results are not kept on this device until it is opened online. They cannot be loaded offline; they will load as soon as the device is back online.';

function TryAgain({ onRetry }: { onRetry(): void }) {
  return (
    <Group mt="sm">
      <Button variant="default" size="xs" onClick={onRetry}>
        Try again
      </Button>
    </Group>
  );
}

/** In place of the results grid while an older inspection's results are fetched, or cannot be. */
export function ResultsUnavailable({ fetch, onRetry }: { fetch: ResultsFetch; onRetry(): void }) {
  switch (fetch.state) {
    case 'fetching':
      return (
        <Group gap="sm" role="status" py="md">
          <Loader size="sm" aria-hidden />
          <Text>Loading the results from the server...</Text>
        </Group>
      );
    case 'offline':
      return (
        <Alert color="navy" variant="light" icon={<IconCloudOff aria-hidden />} title="Results not available offline">
          <Text size="sm">{RESULTS_OFFLINE}</Text>
          <TryAgain onRetry={onRetry} />
        </Alert>
      );
    case 'signIn':
      return (
        <Alert color="navy" variant="light" icon={<IconLogin aria-hidden />} title="Sign in to load the results">
          <Text size="sm">This inspection&apos;s results come from the server, which needs you to sign in again.</Text>
          <TryAgain onRetry={onRetry} />
        </Alert>
      );
    case 'failed':
      return (
        <Alert color="red" variant="light" icon={<IconAlertTriangle aria-hidden />} title="The results could not be loaded">
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {fetch.message}
          </Text>
          <TryAgain onRetry={onRetry} />
        </Alert>
      );
  }
}
