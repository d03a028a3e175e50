import { useEffect, useState } from 'react';
import { Alert, Button, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { IconCloudUpload } from '@tabler/icons-react';
import { useSession } from '../auth/session-context.ts';
import { useSyncFact, useSyncNow, useWaitingCount } from '../sync/react.tsx';

export interface SignOutDialogProps {
  opened: boolean;
  onClose: () => void;
}

export function waitingText(count: number): string {
  return count === 1 ? '1 change made on this device has not reached the server yet.' : `${count} changes made on this device have not reached the server yet.`;
}

/**
 * Log Out while changes wait (issue: signing out never silently deletes pending work). The user is
 * told how many wait and chooses: wait here until they are sent (then the app logs out by itself),
 * or log out now, keeping them on this device to be sent at the next sign-in here.
 */
export function SignOutDialog({ opened, onClose }: SignOutDialogProps) {
  const session = useSession();
  const waiting = useWaitingCount();
  const online = useSyncFact((s) => s.online);
  const signInRequired = useSyncFact((s) => s.signInRequired);
  const syncNow = useSyncNow();
  const [waitingToSignOut, setWaitingToSignOut] = useState(false);

  useEffect(() => {
    if (opened && waitingToSignOut && waiting === 0) void session.signOut();
  }, [opened, waitingToSignOut, waiting, session]);

  const close = () => {
    setWaitingToSignOut(false);
    onClose();
  };
  const wait = () => {
    setWaitingToSignOut(true);
    void syncNow();
  };

  return (
    <Modal opened={opened} onClose={close} title="Log out with changes waiting?" size="lg">
      <Stack gap="md">
        <Text>{waitingText(waiting)}</Text>
        {waitingToSignOut ? (
          <Alert color="blue" variant="light" icon={online && !signInRequired ? <Loader size="sm" /> : <IconCloudUpload aria-hidden />}>
            {online && !signInRequired
              ? 'Sending… You will be logged out as soon as the server has them.'
              : 'The server cannot be reached now. You will be logged out as soon as the changes are sent.'}
          </Alert>
        ) : (
          <Text size="sm" c="dimmed">
            If you log out now, they stay on this device and are sent the next time you sign in here. A new user you added is the exception: its password is kept
            only by this page, so add that user again.
          </Text>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={close}>
            Cancel
          </Button>
          <Button variant="default" onClick={() => void session.signOut()}>
            Log out now
          </Button>
          <Button onClick={wait} disabled={waitingToSignOut}>
            Wait for them
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
