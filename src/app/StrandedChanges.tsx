import { useCallback, useEffect, useState } from 'react';
import { ActionIcon, Alert, Button, Popover, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useSession } from '../auth/session-context.ts';
import { useMirror } from '../sync/react.tsx';
import { discardMirror, findStrandedMirrors, type StrandedMirror } from '../sync/stranded.ts';

export function strandedText(waiting: number): string {
  const changes = waiting === 1 ? '1 change' : `${waiting} changes`;
  return `${changes} made in an organization you no longer belong to never reached the server and cannot be sent now.`;
}

/**
 * Changes left in the outbox of another organization's mirror (the user was moved): shown, never
 * dropped unseen. Only the user decides to discard them; an administrator who moves the user back
 * makes them sendable again.
 */
export function StrandedChanges({ compact = false }: { compact?: boolean }) {
  const { user } = useSession();
  const db = useMirror();
  const [stranded, setStranded] = useState<StrandedMirror[]>([]);
  const look = useCallback(() => {
    findStrandedMirrors(user.userId, db.name).then(setStranded, (error: unknown) => console.warn('Could not look for other mirrors', error));
  }, [user.userId, db.name]);
  useEffect(look, [look]);

  const waiting = stranded.reduce((sum, m) => sum + m.waiting, 0);
  if (waiting === 0) return null;
  const discard = async () => {
    for (const mirror of stranded) await discardMirror(mirror.name);
    look();
  };
  const notice = (
    <Alert color="orange" variant="light" icon={<IconAlertTriangle aria-hidden />} p="xs">
      <Stack gap={6} align="flex-start">
        <Text size="sm">{strandedText(waiting)}</Text>
        <Button size="xs" variant="default" onClick={() => void discard()}>
          Discard them
        </Button>
      </Stack>
    </Alert>
  );
  if (!compact) return notice;
  return (
    <Popover position="right-end" width={320} trapFocus returnFocus>
      <Popover.Target>
        <ActionIcon variant="filled" color="orange.8" radius="xl" aria-label="Changes from another organization">
          <IconAlertTriangle size={20} aria-hidden />
        </ActionIcon>
      </Popover.Target>
      <Popover.Dropdown p={0}>{notice}</Popover.Dropdown>
    </Popover>
  );
}
