import type { ReactNode } from 'react';
import { Center, Group, Paper, Stack, Text } from '@mantine/core';
import { LogoMark } from '../LogoMark.tsx';
import { DEFAULT_PRODUCT_NAME } from '../product.ts';

export interface GateLayoutProps {
  productName?: string;
  children: ReactNode;
}

/**
 * The frame of the screens shown instead of the app (inspector, no section, no role). It needs only
 * Mantine, no session or mirror, so it renders even before either exists.
 */
export function GateLayout({ productName = DEFAULT_PRODUCT_NAME, children }: GateLayoutProps) {
  return (
    <Center component="main" mih="100dvh" p="md" bg="gray.1">
      <Paper shadow="sm" radius="md" p="xl" maw={560} w="100%">
        <Stack gap="lg">
          <Group gap="sm">
            <LogoMark size={44} />
            <Text fw={700} size="xl">
              {productName}
            </Text>
          </Group>
          {children}
        </Stack>
      </Paper>
    </Center>
  );
}
