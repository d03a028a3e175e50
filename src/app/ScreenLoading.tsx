import { Group, Loader, Text } from '@mantine/core';

/** What the main area shows while a screen's chunk loads (the sidebar and Fleet Updates stay). */
export function ScreenLoading() {
  return (
    <Group gap="sm" role="status">
      <Loader size="sm" aria-hidden />
      <Text>Loading...</Text>
    </Group>
  );
}
