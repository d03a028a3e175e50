import { useEffect, useState } from 'react';
import { Box, Button, Group, Text, Title } from '@mantine/core';
import { IconClipboardCheck, IconDownload } from '@tabler/icons-react';
import { INSPECT_PATH } from '../../inspect/entry.ts';
import { apkDownloadUrl } from '../hosts.ts';
import { DEFAULT_PRODUCT_NAME } from '../product.ts';
import { GateLayout } from './GateLayout.tsx';
import { LogOutButton } from './LogOutButton.tsx';

export interface InspectorScreenProps {
  productName?: string;
  name: string;
  orgName: string;
  roleLabel: string;
  onLogOut: () => void;
  /** Where the Android app is downloaded; defaults to the pwa sub-host of this page's host. */
  downloadUrl?: string;
}

/** Whether the Android package is served: the download is offered only where it is (a HEAD that answers 2xx). */
function useServed(url: string): boolean {
  const [served, setServed] = useState(false);
  useEffect(() => {
    let live = true;
    fetch(url, { method: 'HEAD' })
      .then((res) => live && setServed(res.ok))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [url]);
  return served;
}

/**
 * Inspectors may not use the website (part 1 §1, §2, §6): they inspect in the inspection app
 * (src/inspect), and get the Android app where the server offers it.
 */
export function InspectorScreen({
  productName = DEFAULT_PRODUCT_NAME,
  name,
  orgName,
  roleLabel,
  onLogOut,
  downloadUrl = apkDownloadUrl(window.location),
}: InspectorScreenProps) {
  const apkServed = useServed(downloadUrl);
  return (
    <GateLayout productName={productName}>
      <Title order={1} size="h2">
        {`Welcome to ${productName}, ${name}. As an Inspector, you do not have access to the website.`}
      </Title>
      <Box component="dl" m={0} style={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', gap: '4px 24px' }}>
        <Text component="dt" c="dimmed">
          Organization
        </Text>
        <Text component="dd" m={0} fw={500}>
          {orgName}
        </Text>
        <Text component="dt" c="dimmed">
          Role
        </Text>
        <Text component="dd" m={0} fw={500}>
          {roleLabel}
        </Text>
      </Box>
      <Group gap="sm">
        <Button component="a" href={INSPECT_PATH} size="md" leftSection={<IconClipboardCheck size={20} aria-hidden />}>
          Open the inspection app
        </Button>
        {apkServed && (
          <Button component="a" variant="default" href={downloadUrl} leftSection={<IconDownload size={20} aria-hidden />}>
            Download Android App
          </Button>
        )}
        <LogOutButton onLogOut={onLogOut} />
      </Group>
    </GateLayout>
  );
}
