import { ActionIcon, Badge, CloseButton, Group, Popover, ScrollArea, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import type { RejectedEntry } from '../db/mirror.ts';
import { dismissRejected, useMirror, useRejected } from '../sync/react.tsx';
import { TOUCH_TARGET_PX } from '../theme.ts';
import { timeAgo } from './relative-time.ts';
import { useNow } from './use-now.ts';

/** "updateProfile" → "Update profile": mutator names are camelCase identifiers, people read words. */
export function changeName(mutatorName: string): string {
  const words = mutatorName.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function RejectedItem({ entry, now, onDismiss }: { entry: RejectedEntry; now: number; onDismiss: () => void }) {
  return (
    <Group component="li" align="flex-start" justify="space-between" wrap="nowrap" gap="xs">
      <Stack gap={2} style={{ minWidth: 0 }}>
        <Text fw={600} size="sm">
          {changeName(entry.name)}
        </Text>
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {entry.message}
        </Text>
        {entry.details?.map((detail) => (
          <Text key={detail} size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {detail}
          </Text>
        ))}
        <Text size="xs" c="dimmed">
          {timeAgo(entry.rejectedAt, now)}
        </Text>
      </Stack>
      <CloseButton aria-label="Dismiss" onClick={onDismiss} />
    </Group>
  );
}

/**
 * Changes the server refused: already rolled back on this device, listed with the server's message
 * until the user has read and dismissed them. Renders nothing while there are none.
 */
export function RejectedChanges({ compact }: { compact: boolean }) {
  const db = useMirror();
  const rejected = useRejected();
  const now = useNow();
  if (rejected.length === 0) return null;

  const label = `${rejected.length} rejected`;
  return (
    <Popover position="right-end" width={340} trapFocus returnFocus>
      <Popover.Target>
        {compact ? (
          <ActionIcon variant="filled" color="red.8" aria-label={`${label} changes`} radius="xl">
            <Text fw={700} size="sm" c="white">
              {rejected.length}
            </Text>
          </ActionIcon>
        ) : (
          <UnstyledButton mih={TOUCH_TARGET_PX} display="flex" style={{ alignItems: 'center' }} aria-label={`${label} changes`}>
            <Badge color="red.8" size="lg" variant="filled">
              {label}
            </Badge>
          </UnstyledButton>
        )}
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="xs">
          <Title order={2} size="h4">
            Changes not saved
          </Title>
          <Text size="sm" c="dimmed">
            The server refused these changes; they were undone on this device.
          </Text>
          <ScrollArea.Autosize mah={360} type="auto">
            <Stack component="ul" gap="sm" m={0} p={0} style={{ listStyle: 'none' }}>
              {rejected.map((entry) => (
                <RejectedItem key={entry.id} entry={entry} now={now} onDismiss={() => void dismissRejected(db, entry.id)} />
              ))}
            </Stack>
          </ScrollArea.Autosize>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
