import { Group, Paper, Progress, Text } from '@mantine/core';
import { useSyncStatus } from '../sync/react.tsx';

const count = new Intl.NumberFormat('en-US');

/**
 * While a pull from the start fills the mirror (the first sign-in on a device, or after a reset), how
 * far it has got: a bar and 'n of total records'. Screens show what has arrived so far or 'Loading...';
 * the pull runs in a worker, so the app answers clicks meanwhile.
 */
export function FirstSyncProgress() {
  const { firstSync } = useSyncStatus();
  if (!firstSync) return null;
  const total = Math.max(firstSync.total, firstSync.done, 1);
  const percent = Math.round((firstSync.done / total) * 100);
  const label = `Getting your organization's data: ${count.format(firstSync.done)} of ${count.format(total)} records`;
  return (
    <Paper withBorder p="sm" mb="md" role="status" aria-live="polite">
      <Group justify="space-between" gap="xs" mb={6} wrap="nowrap">
        <Text size="sm">{label}</Text>
        <Text size="sm" c="dimmed" aria-hidden>
          {percent}%
        </Text>
      </Group>
      <Progress value={percent} aria-label="First sync" />
    </Paper>
  );
}
