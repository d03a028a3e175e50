import { Group, Paper, Progress, Text } from '@mantine/core';
import { useSyncStatus } from '../sync/react.tsx';

const count = new Intl.NumberFormat('en-US');

/** A bar with 'text: n of total unit'; before the total is known, the text alone. */
function ProgressPanel({ done, total, text, unit, label }: { done: number; total: number | null; text: string; unit: string; label: string }) {
  const whole = Math.max(total ?? 0, done, 1);
  const percent = total === null ? 0 : Math.round((done / whole) * 100);
  return (
    <Paper withBorder p="sm" mb="md" role="status" aria-live="polite">
      <Group justify="space-between" gap="xs" mb={6} wrap="nowrap">
        <Text size="sm">{total === null ? `${text}…` : `${text}: ${count.format(done)} of ${count.format(whole)} ${unit}`}</Text>
        <Text size="sm" c="dimmed" aria-hidden>
          {percent}%
        </Text>
      </Group>
      <Progress value={percent} aria-label={label} />
    </Paper>
  );
}

/**
 * While a pull from the start fills the mirror (the first sign-in on a device, or after a reset), how
 * far it has got: a bar and 'n of total records'. Screens show what has arrived so far or 'Loading...';
 * the pull runs in a worker, so the app answers clicks meanwhile. Then, while the inspections' answers
 * that the first sync left for later arrive (src/sync/fill-answers.ts), a second bar says so: until
 * they are in, an inspection's detail and the AF1800 forms come from the server.
 */
export function FirstSyncProgress() {
  const { firstSync, answers } = useSyncStatus();
  if (firstSync) {
    return <ProgressPanel done={firstSync.done} total={firstSync.total} text="Getting your organization's data" unit="records" label="First sync" />;
  }
  if (answers) {
    return <ProgressPanel done={answers.done} total={answers.total} text="Getting the inspections' answers" unit="inspections" label="Inspection answers" />;
  }
  return null;
}
