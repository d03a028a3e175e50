import { Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconHourglassEmpty } from '@tabler/icons-react';

export interface NotYetAvailableProps {
  /** The screen's name, shown as its heading. */
  label: string;
}

/** A calm placeholder for a route whose screen later work adds; the route itself already works. */
export function NotYetAvailable({ label }: NotYetAvailableProps) {
  return (
    <Stack gap="xl">
      <Title order={1}>{label}</Title>
      <Stack align="center" gap="md" py={64}>
        <ThemeIcon size={64} radius="xl" variant="light" color="navy" aria-hidden>
          <IconHourglassEmpty size={34} stroke={1.6} />
        </ThemeIcon>
        <Text size="lg" c="dimmed">
          This screen is not available yet.
        </Text>
      </Stack>
    </Stack>
  );
}
