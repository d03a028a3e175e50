import { Component, type ReactNode } from 'react';
import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { SCREEN_LOAD_FAILED, SCREEN_NOT_ON_DEVICE } from './screen-load-failed.ts';

/** How browsers word a lazily loaded chunk that could not be fetched or run. */
const CHUNK_FAILED = /dynamically imported module|Importing a module script failed|error loading dynamically imported module/i;

/**
 * Screens load lazily (routes.tsx). When a screen's chunk cannot be loaded (a tab still running an old
 * version after another tab updated the app and its old files were dropped), the main area says so
 * and offers a reload instead of going blank; offline, it says the screen is not on this device yet. Other errors pass on unchanged. `resetKey` (the path)
 * clears the message when the user goes elsewhere.
 */
export class ScreenLoadError extends Component<{ resetKey: string; children: ReactNode }, { failed: Error | null; key: string }> {
  override state = { failed: null as Error | null, key: this.props.resetKey };

  static getDerivedStateFromError(error: Error) {
    return { failed: error };
  }

  static getDerivedStateFromProps(props: { resetKey: string }, state: { key: string }) {
    return props.resetKey === state.key ? null : { failed: null, key: props.resetKey };
  }

  override render() {
    const { failed } = this.state;
    if (!failed) return this.props.children;
    if (!CHUNK_FAILED.test(failed.message)) throw failed;
    return (
      <Alert color="red" variant="light" icon={<IconAlertTriangle aria-hidden />} role="alert">
        <Stack gap="sm" align="flex-start">
          <Text>{navigator.onLine ? SCREEN_LOAD_FAILED : SCREEN_NOT_ON_DEVICE}</Text>
          <Button onClick={() => window.location.reload()}>Reload</Button>
        </Stack>
      </Alert>
    );
  }
}
