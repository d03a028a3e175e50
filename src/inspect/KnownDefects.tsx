import { Card, List, Stack, Text, Title } from '@mantine/core';
import type { Discrepancy } from '../../core/schema/discrepancy.ts';
import type { Waiver } from '../../core/schema/waiver.ts';

/** MM/dd/yyyy, the organization's day. */
const dayIn = (iso: string, zone: string) => new Date(iso).toLocaleDateString('en-US', { month: '2-digit', day: '2-digit', year: 'numeric', timeZone: zone });

/** The vehicle's open discrepancies and waivers, first on the start screen: a known defect is not reported again. */
export function KnownDefects({ discrepancies, waivers, zone }: { discrepancies: readonly Discrepancy[]; waivers: readonly Waiver[]; zone: string }) {
  return (
    <Card withBorder radius="md" padding="md">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {`Open discrepancies (${discrepancies.length})`}
        </Title>
        {discrepancies.length === 0 ? (
          <Text c="dimmed">None open.</Text>
        ) : (
          <List spacing="xs" size="md" aria-label="Open discrepancies">
            {discrepancies.map((d) => (
              <List.Item key={d.mxId}>
                <Text span fw={600}>{`Item ${d.itemNo}: `}</Text>
                {d.discrepancy}
                <Text span c="dimmed">{` · found ${dayIn(d.dateDiscovered, zone)}`}</Text>
              </List.Item>
            ))}
          </List>
        )}
        <Title order={2} size="h4">
          {`Open waivers (${waivers.length})`}
        </Title>
        {waivers.length === 0 ? (
          <Text c="dimmed">None open.</Text>
        ) : (
          <List spacing="xs" size="md" aria-label="Open waivers">
            {waivers.map((w) => (
              <List.Item key={w.waiverId}>
                <Text span fw={600}>{`${w.ruleId}: `}</Text>
                {w.explanation}
              </List.Item>
            ))}
          </List>
        )}
      </Stack>
    </Card>
  );
}
