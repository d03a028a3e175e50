import { ActionIcon, Badge, Button, CloseButton, Group, Popover, ScrollArea, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import type { RejectedEntry } from '../db/mirror.ts';
import { notifications } from '@mantine/notifications';
import { argsOf } from '../sync/entry-args.ts';
import type { Mutator } from '../sync/mutator.ts';
import { mutatorByName } from '../sync/mutator-registry.ts';
import { dismissRejected, useMirror, useMutate, useRejected } from '../sync/react.tsx';
import { TOUCH_TARGET_PX } from '../theme.ts';
import { timeAgo } from './relative-time.ts';
import { useNow } from './use-now.ts';

/** "updateProfile" → "Update profile": mutator names are camelCase identifiers, people read words. */
export function changeName(mutatorName: string): string {
  const words = mutatorName.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * A refused change can be sent again from its kept arguments, unless it held a secret (never kept) or
 * named a file (a refused file is refused again: the user chooses another).
 */
function resendable(entry: RejectedEntry): Mutator<unknown> | null {
  const mutator = mutatorByName(entry.name);
  return entry.args !== undefined && mutator && !mutator.secrets?.length && !entry.files?.length ? mutator : null;
}

function RejectedItem({ entry, now, onDismiss, onResend }: { entry: RejectedEntry; now: number; onDismiss: () => void; onResend: (() => void) | null }) {
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
        {onResend ? (
          <Button size="compact-sm" variant="default" w="fit-content" onClick={onResend}>
            Send again
          </Button>
        ) : null}
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
  const mutate = useMutate();
  // The same change again, as a new entry: useful once what made the server refuse it is fixed.
  const resend = (entry: RejectedEntry, mutator: Mutator<unknown>) => async () => {
    try {
      await mutate(mutator, argsOf(entry, mutator));
      await dismissRejected(db, entry.id);
    } catch (error) {
      notifications.show({ color: 'red', title: 'Not sent again', message: error instanceof Error ? error.message : String(error) });
    }
  };
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
            These changes were refused or could not be sent; they were undone on this device.
          </Text>
          <ScrollArea.Autosize mah={360} type="auto">
            <Stack component="ul" gap="sm" m={0} p={0} style={{ listStyle: 'none' }}>
              {rejected.map((entry) => (
                <RejectedItem
                  key={entry.id}
                  entry={entry}
                  now={now}
                  onDismiss={() => void dismissRejected(db, entry.id)}
                  onResend={(() => {
                    const mutator = resendable(entry);
                    return mutator ? () => void resend(entry, mutator)() : null;
                  })()}
                />
              ))}
            </Stack>
          </ScrollArea.Autosize>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
