import { useRef } from 'react';
import { ActionIcon, AppShell, Badge, Button, Group, Loader, ScrollArea, Stack, Text, Title, Tooltip } from '@mantine/core';
import { IconBell, IconLayoutSidebarRightCollapse, IconLayoutSidebarRightExpand } from '@tabler/icons-react';
import { useFleetUpdates } from '../sync/react.tsx';
import { FleetUpdateCard } from './FleetUpdateCard.tsx';

export interface FleetUpdatesPanelProps {
  /** 500 px with the events, or the 75 px rail with their count (part 1 §2 "Shell"). */
  expanded: boolean;
  onToggle: () => void;
}

export const FLEET_UPDATES_PANEL_ID = 'fleet-updates-panel';

/**
 * The right-hand panel of live events from the stream. It lives inside AppShell.Aside; the Shell owns
 * the expanded state because the aside's width depends on it.
 */
export function FleetUpdatesPanel({ expanded, onToggle }: FleetUpdatesPanelProps) {
  const { events, connected, dismiss, clearAll } = useFleetUpdates();
  const headingRef = useRef<HTMLHeadingElement>(null);

  // A dismissed card takes the focused button with it; put keyboard users back at the panel's top.
  const afterRemoval = () => headingRef.current?.focus();

  if (!expanded) {
    return (
      <Stack id={FLEET_UPDATES_PANEL_ID} align="center" gap="sm" py="md">
        <Tooltip label="Show Fleet Updates" position="left">
          <ActionIcon aria-label="Show Fleet Updates" aria-expanded={false} aria-controls={FLEET_UPDATES_PANEL_ID} onClick={onToggle}>
            <IconLayoutSidebarRightExpand size={24} aria-hidden />
          </ActionIcon>
        </Tooltip>
        <Stack align="center" gap={4}>
          <IconBell size={24} aria-hidden />
          <Badge size="lg" circle={events.length < 10}>
            {events.length}
          </Badge>
        </Stack>
        {connected ? null : <Loader size="xs" role="status" aria-label="Connecting..." />}
      </Stack>
    );
  }

  return (
    <>
      <AppShell.Section px="md" pt="md" pb="xs">
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Group gap="xs" wrap="nowrap">
            <Title order={2} size="h3" ref={headingRef} tabIndex={-1}>
              Fleet Updates
            </Title>
            <Badge size="lg" variant="light">
              {events.length}
            </Badge>
          </Group>
          <Group gap="xs" wrap="nowrap">
            <Button
              variant="default"
              disabled={events.length === 0}
              onClick={() => {
                clearAll();
                afterRemoval();
              }}
            >
              Clear All
            </Button>
            <Tooltip label="Hide Fleet Updates" position="left">
              <ActionIcon aria-label="Hide Fleet Updates" aria-expanded aria-controls={FLEET_UPDATES_PANEL_ID} onClick={onToggle}>
                <IconLayoutSidebarRightCollapse size={24} aria-hidden />
              </ActionIcon>
            </Tooltip>
          </Group>
        </Group>
        {connected ? null : (
          <Group gap="xs" mt="xs" aria-live="polite">
            <Loader size="xs" aria-hidden />
            <Text size="sm" c="dimmed">
              Connecting...
            </Text>
          </Group>
        )}
      </AppShell.Section>
      <AppShell.Section id={FLEET_UPDATES_PANEL_ID} grow component={ScrollArea} px="md" pb="md">
        {events.length === 0 ? (
          <Text c="dimmed" ta="center" py="xl">
            No Data
          </Text>
        ) : (
          <Stack gap="sm">
            {events.map((event) => (
              <FleetUpdateCard
                key={event.eventId}
                event={event}
                onDismiss={() => {
                  dismiss(event.eventId);
                  afterRemoval();
                }}
              />
            ))}
          </Stack>
        )}
      </AppShell.Section>
    </>
  );
}
