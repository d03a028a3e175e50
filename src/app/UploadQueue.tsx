import { ActionIcon, Badge, Button, CloseButton, Group, Popover, Progress, ScrollArea, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { IconCloudUpload } from '@tabler/icons-react';
import type { BlobEntry } from '../db/mirror.ts';
import { uploadStateText, useUploadQueue } from '../files/use-upload.ts';
import { useMirror } from '../sync/react.tsx';
import { cancelUpload, retryUpload } from '../sync/uploader.ts';
import { TOUCH_TARGET_PX } from '../theme.ts';
import { sizeText } from '../files/size-text.ts';

function UploadItem({ entry }: { entry: BlobEntry }) {
  const db = useMirror();
  const fraction = entry.blob.size > 0 ? Math.min(1, entry.sentBytes / entry.blob.size) : 1;
  const text = uploadStateText({ state: entry.state, fraction });
  return (
    <Stack component="li" gap={4}>
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
          {entry.filename}
        </Text>
        <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
          {sizeText(entry.blob.size)}
        </Text>
      </Group>
      <Progress value={fraction * 100} size="sm" color={entry.state === 'error' ? 'red' : 'blue'} aria-label={`${entry.filename}: ${text}`} />
      <Text size="xs" c={entry.state === 'error' ? 'red.8' : 'dimmed'} style={{ overflowWrap: 'anywhere' }}>
        {text}
        {entry.lastError && entry.state !== 'uploading' ? ` · ${entry.lastError}` : ''}
      </Text>
      <Group gap="xs">
        {entry.state === 'aborted' ? (
          <Button size="compact-sm" variant="default" onClick={() => void retryUpload(db, entry.hash)}>
            Retry now
          </Button>
        ) : null}
        {entry.state === 'error' ? (
          <CloseButton aria-label={`Dismiss ${entry.filename}`} onClick={() => void db.blobs.delete(entry.hash)} />
        ) : (
          <Button size="compact-sm" variant="subtle" color="red" onClick={() => void cancelUpload(db, entry.hash)}>
            Cancel upload
          </Button>
        )}
      </Group>
    </Stack>
  );
}

/**
 * The upload queue (part 1 §3 upload item states): photos and documents this device holds for the
 * server, with their progress, retry and cancel. Renders nothing while the queue is empty.
 */
export function UploadQueue({ compact }: { compact: boolean }) {
  const queue = useUploadQueue();
  if (queue.length === 0) return null;
  const label = queue.length === 1 ? '1 upload' : `${queue.length} uploads`;
  return (
    <Popover position="right-end" width={340} trapFocus returnFocus>
      <Popover.Target>
        {compact ? (
          <ActionIcon variant="filled" color="blue.8" aria-label={label} radius="xl">
            <IconCloudUpload size={18} aria-hidden />
          </ActionIcon>
        ) : (
          <UnstyledButton mih={TOUCH_TARGET_PX} display="flex" style={{ alignItems: 'center' }} aria-label={label}>
            <Badge color="blue.8" size="lg" variant="filled" leftSection={<IconCloudUpload size={14} aria-hidden />}>
              {label}
            </Badge>
          </UnstyledButton>
        )}
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="xs">
          <Title order={2} size="h4">
            Uploads
          </Title>
          <Text size="sm" c="dimmed">
            Photos and documents wait on this device until the server has them, two at a time.
          </Text>
          <ScrollArea.Autosize mah={360} type="auto">
            <Stack component="ul" gap="sm" m={0} p={0} style={{ listStyle: 'none' }}>
              {queue.map((entry) => (
                <UploadItem key={entry.hash} entry={entry} />
              ))}
            </Stack>
          </ScrollArea.Autosize>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
