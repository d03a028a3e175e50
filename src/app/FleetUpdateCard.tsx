import { Link } from 'react-router';
import { Anchor, Badge, Card, CloseButton, Group, Stack, Text } from '@mantine/core';
import type { LiveEvent } from '../../core/schema/live-event.ts';
import { FLEET_EVENT_TYPE_LABELS, fleetEventLines, formatEventTime } from './fleet-event-text.ts';

export interface FleetUpdateCardProps {
  event: LiveEvent;
  onDismiss: () => void;
}

/** One live event: which vehicle, when, and what happened (part 1 §3 "Live event"). */
export function FleetUpdateCard({ event, onDismiss }: FleetUpdateCardProps) {
  const headingId = `fleet-update-${event.eventId}`;
  return (
    <Card component="article" aria-labelledby={headingId} padding="sm" radius="md">
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
        <Stack gap={0} style={{ minWidth: 0 }}>
          <Group gap="xs" wrap="wrap">
            <Anchor id={headingId} component={Link} to={`/Vehicle/${encodeURIComponent(event.regNumber)}`} fw={700} size="lg">
              {event.regNumber}
            </Anchor>
            <Badge variant="light" size="sm">
              {FLEET_EVENT_TYPE_LABELS[event.eventType]}
            </Badge>
          </Group>
          {event.vehicleType ? (
            <Text size="sm" c="dimmed">
              {event.vehicleType}
            </Text>
          ) : null}
        </Stack>
        <Group gap={2} wrap="nowrap" align="center">
          <Text size="sm" c="dimmed" component="time" dateTime={event.eventTime} style={{ whiteSpace: 'nowrap' }}>
            {formatEventTime(event.eventTime)}
          </Text>
          <CloseButton aria-label="Dismiss" onClick={onDismiss} />
        </Group>
      </Group>
      <Stack gap={2} mt={6}>
        {fleetEventLines(event).map((line, i) => (
          <Text key={i} size="sm" style={{ overflowWrap: 'anywhere' }}>
            {line}
          </Text>
        ))}
      </Stack>
    </Card>
  );
}
