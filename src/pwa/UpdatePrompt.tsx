import { Button, Group, Notification, Text } from '@mantine/core';
import { useState } from 'react';
import { useSyncStatus } from '../sync/react.tsx';
import { hasDirtyForms } from './dirty-forms.ts';
import { useWaitingUpdate } from './update-store.ts';

/**
 * Offers a waiting new version. It never reloads while changes are still on their way to the
 * server or a form holds unsaved input: it says what to finish first.
 */
export function UpdatePrompt() {
  const update = useWaitingUpdate();
  const status = useSyncStatus();
  const [blocked, setBlocked] = useState<string | null>(null);
  const [dismissed, setDismissed] = useState(false);
  if (!update?.waiting || dismissed) return null;

  const apply = () => {
    if (status.pending > 0 || status.sending) {
      setBlocked('Your changes are still being saved. Update once they are saved.');
      return;
    }
    if (hasDirtyForms()) {
      setBlocked('Finish or cancel the open form first.');
      return;
    }
    update.activate();
  };

  return (
    <Notification
      title="A new version is available"
      onClose={() => setDismissed(true)}
      style={{ position: 'fixed', bottom: 16, left: '50%', transform: 'translateX(-50%)', zIndex: 400, width: 420, maxWidth: '95vw' }}
      withBorder
    >
      <Group justify="space-between" wrap="nowrap" mt={4}>
        <Text size="sm">{blocked ?? 'Update now to use it; nothing you entered is lost.'}</Text>
        <Button size="xs" onClick={apply}>
          Update
        </Button>
      </Group>
    </Notification>
  );
}
