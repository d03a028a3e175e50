import { ActionIcon, Box, Button, Group, Indicator, Stack, Text, ThemeIcon, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconCloud, IconCloudOff, IconLogin } from '@tabler/icons-react';
import { useSession } from '../auth/session-context.ts';
import { useRejected, useSyncStatus } from '../sync/react.tsx';
import { RejectedChanges } from './RejectedChanges.tsx';
import { StrandedChanges } from './StrandedChanges.tsx';
import { UploadQueue } from './UploadQueue.tsx';
import { timeAgo } from './relative-time.ts';
import { useNow } from './use-now.ts';

export interface SyncIndicatorProps {
  /** The collapsed sidebar: an icon with the texts in a tooltip and for screen readers. */
  compact?: boolean;
}

interface SyncTexts {
  connection: string;
  changes: string;
  lastSynced: string | null;
  /** Why waiting changes have not gone yet; the drain retries on its own, this only explains the wait. */
  problem: string | null;
  /** The mirror lacks rows this version of the app could not read. */
  incomplete: string | null;
}

/** Shown while rows wait for a version of the app that can read them (src/sync/skipped.ts). */
export function incompleteText(count: number): string {
  const records = count === 1 ? '1 record' : `${count} records`;
  return `Incomplete: ${records} could not be read by this version of the app; they are fetched again after the next update.`;
}

function useSyncTexts(): SyncTexts & { online: boolean; pending: number; signInRequired: boolean } {
  const status = useSyncStatus();
  const rejectedCount = useRejected().length;
  const now = useNow();

  let changes: string;
  if (status.pending > 0) changes = status.sending ? `${status.pending} pending · Saving…` : `${status.pending} pending`;
  else if (status.sending) changes = 'Saving…';
  else if (rejectedCount > 0) changes = 'Some changes were not saved';
  else changes = 'All changes saved';

  return {
    online: status.online,
    pending: status.pending,
    signInRequired: status.signInRequired,
    connection: status.online ? 'Online' : 'Offline',
    changes,
    lastSynced: status.lastSyncedAt ? `Last synced ${timeAgo(status.lastSyncedAt, now)}` : null,
    problem: status.lastError && status.pending > 0 && status.online ? status.lastError : null,
    incomplete: status.unreadable > 0 ? incompleteText(status.unreadable) : null,
  };
}

function ConnectionIcon({ online }: { online: boolean }) {
  return (
    <ThemeIcon variant="light" color={online ? 'teal' : 'gray'} size={36} radius="xl" aria-hidden>
      {online ? <IconCloud size={22} /> : <IconCloudOff size={22} />}
    </ThemeIcon>
  );
}

/**
 * Whether this device is in step with the server: connection, changes waiting to be sent, the last
 * successful sync, and changes the server refused. Always visible, because staff work offline for
 * hours and must know before they hand a tablet over whether their work has reached the server.
 * The texts sit in a polite live region so screen readers hear "Offline" or "All changes saved"
 * without losing their place.
 */
export function SyncIndicator({ compact = false }: SyncIndicatorProps) {
  const session = useSession();
  const texts = useSyncTexts();
  const summary = [texts.connection, texts.changes, texts.lastSynced, texts.problem, texts.incomplete].filter(Boolean).join(' · ');
  const signIn = () => void session.signIn();

  if (compact) {
    return (
      <Stack align="center" gap={6}>
        <Tooltip label={summary} position="right" multiline maw={260}>
          {/* Focusable so keyboard users can reach the tooltip; the live region reads the same texts. */}
          <Box role="status" aria-live="polite" aria-label="Sync status" tabIndex={0} style={{ borderRadius: '50%' }}>
            <Indicator label={texts.pending} disabled={texts.pending === 0} size={18} color="yellow.4" offset={4}>
              <ConnectionIcon online={texts.online} />
            </Indicator>
            <VisuallyHidden>{summary}</VisuallyHidden>
          </Box>
        </Tooltip>
        {texts.signInRequired ? (
          <Tooltip label="Sign in to sync" position="right">
            <ActionIcon variant="filled" color="yellow.4" aria-label="Sign in to sync" onClick={signIn}>
              <IconLogin size={22} aria-hidden />
            </ActionIcon>
          </Tooltip>
        ) : null}
        <UploadQueue compact />
        <RejectedChanges compact />
        <StrandedChanges compact />
      </Stack>
    );
  }

  return (
    <Stack gap="xs">
      <Group gap="sm" wrap="nowrap" align="flex-start" role="status" aria-live="polite" aria-label="Sync status">
        <ConnectionIcon online={texts.online} />
        <Stack gap={0} style={{ minWidth: 0 }}>
          <Text fw={600} size="sm">
            {texts.connection}
          </Text>
          <Text size="sm" c={texts.pending > 0 ? undefined : 'dimmed'}>
            {texts.changes}
          </Text>
          {texts.lastSynced ? (
            <Text size="xs" c="dimmed">
              {texts.lastSynced}
            </Text>
          ) : null}
          {texts.problem ? (
            <Text size="xs" c="red.8" style={{ overflowWrap: 'anywhere' }}>
              {texts.problem}
            </Text>
          ) : null}
          {texts.incomplete ? (
            <Text size="xs" c="orange.9" style={{ overflowWrap: 'anywhere' }}>
              {texts.incomplete}
            </Text>
          ) : null}
        </Stack>
      </Group>
      {texts.signInRequired ? (
        <Button variant="filled" color="yellow.4" size="sm" mih={40} leftSection={<IconLogin size={18} aria-hidden />} onClick={signIn}>
          Sign in to sync
        </Button>
      ) : null}
      <UploadQueue compact={false} />
      <RejectedChanges compact={false} />
      <StrandedChanges />
    </Stack>
  );
}
