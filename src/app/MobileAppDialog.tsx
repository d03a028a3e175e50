import { Button, Code, Group, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { FormModal } from '../components/FormModal.tsx';
import { apkDownloadUrl } from './hosts.ts';

export interface MobileAppDialogProps {
  opened: boolean;
  onClose: () => void;
}

/** How to get the Android app, which inspectors use (part 1 §1: served on the pwa sub-host). */
export function MobileAppDialog({ opened, onClose }: MobileAppDialogProps) {
  const url = apkDownloadUrl(window.location);
  return (
    <FormModal opened={opened} onClose={onClose} title="Mobile App" size="md">
      <Text>
        Inspections are performed in the Android app. Open the download on the Android device to install it, or type this address into the device&apos;s browser:
      </Text>
      {/* Shown in full so it can be read out or typed on a device that cannot follow a link from here. */}
      <Code block style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
        {url}
      </Code>
      <Group>
        <Button component="a" href={url} leftSection={<IconDownload size={20} aria-hidden />} data-autofocus>
          Download Android App
        </Button>
      </Group>
    </FormModal>
  );
}
