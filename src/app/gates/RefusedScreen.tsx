import { useEffect, useState } from 'react';
import { Button, Text, Title } from '@mantine/core';
import type { SessionStore } from '../../auth/session-store.ts';
import { mirrorName } from '../../db/mirror.ts';
import { countWaitingIn } from '../../sync/waiting.ts';
import { GateLayout } from './GateLayout.tsx';

export interface RefusedScreenProps {
  productName: string;
  message: string;
  store: SessionStore;
}

export function keptChangesText(count: number): string {
  const changes = count === 1 ? '1 change made on this device has' : `${count} changes made on this device have`;
  return `${changes} not reached the server. Logging out keeps them here: they are sent if you sign in again on this device once your account is restored.`;
}

/**
 * The server refuses this account (inactive): its message and Log Out, which clears this user's data
 * on the device but never the changes still waiting (src/sync/waiting.ts clearMirrorData): the user is
 * told how many there are.
 */
export function RefusedScreen({ productName, message, store }: RefusedScreenProps) {
  const [waiting, setWaiting] = useState(0);
  useEffect(() => {
    const { user } = store.get();
    countWaitingIn(mirrorName(user.userId, user.orgId)).then(setWaiting, () => setWaiting(0));
  }, [store]);
  return (
    <GateLayout productName={productName}>
      <Title order={1} size="h3">
        You cannot use {productName}
      </Title>
      <Text>{message}</Text>
      {waiting > 0 ? <Text fw={600}>{keptChangesText(waiting)}</Text> : null}
      <Button variant="default" onClick={() => void store.get().signOut({ clearCaches: true })}>
        Log Out
      </Button>
    </GateLayout>
  );
}
