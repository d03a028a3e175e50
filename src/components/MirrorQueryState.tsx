import { Alert, Group, Loader, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { MirrorQuery } from '../sync/use-mirror-query.ts';

/**
 * What a screen shows in place of its content while a mirror read (useMirrorQuery) is not ready:
 * 'Loading...', or the raw error when the read failed (part 1 §8).
 */
export function MirrorQueryState({ query }: { query: Exclude<MirrorQuery<unknown>, { state: 'ready' }> }) {
  if (query.state === 'error') {
    return (
      <Alert color="red" variant="light" icon={<IconAlertTriangle aria-hidden />} role="alert">
        <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{query.message}</Text>
      </Alert>
    );
  }
  return (
    <Group gap="sm" role="status">
      <Loader size="sm" aria-hidden />
      <Text>Loading...</Text>
    </Group>
  );
}
