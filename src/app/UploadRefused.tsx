import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { RejectedEntry } from '../db/mirror.ts';
import { useLiveQuery, useMirror } from '../sync/react.tsx';

/**
 * Part 1 §8 'Upload fails': a change carrying a file that the server refused is shown at once in a
 * dialog with the server's message and OK (the size limit in the spec's words). The record's other
 * changes are separate changes and stay; the refusal also stays in the rejected list.
 */
export function UploadRefused() {
  const db = useMirror();
  const refused = useLiveQuery(() => db.rejected.filter((r: RejectedEntry) => Boolean(r.files?.length) && !r.acknowledged).first(), [db]);
  if (!refused) return null;
  const ok = () => void db.rejected.update(refused.id, { acknowledged: true });
  return (
    <Modal opened onClose={ok} title="Upload failed" centered closeButtonProps={{ 'aria-label': 'Close' }}>
      <Stack gap="md">
        <Text style={{ overflowWrap: 'anywhere' }}>{refused.message}</Text>
        <Group justify="flex-end">
          <Button onClick={ok} data-autofocus>
            OK
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
