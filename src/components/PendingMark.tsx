import { Tooltip } from '@mantine/core';
import { IconCloudUpload } from '@tabler/icons-react';
import { usePending } from '../sync/react.tsx';

/** A row with a change this device has not yet handed to the server (part 1: every mutation shows its state). */
export function PendingMark({ rowKey: key }: { rowKey: string }) {
  const pending = usePending(key);
  if (!pending) return null;
  return (
    <Tooltip label="Waiting to sync">
      <IconCloudUpload size={18} aria-label="Waiting to sync" role="img" color="var(--mantine-color-orange-7)" />
    </Tooltip>
  );
}
