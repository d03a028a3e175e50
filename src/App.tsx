import { lazy, Suspense } from 'react';
import { Center, Loader, MantineProvider, Stack, Text, Title, Button } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { ROLE_LABELS } from '../core/schema/roles.ts';
import { theme } from './theme.ts';
import { useBoot } from './auth/use-boot.ts';
import { InspectorScreen } from './app/gates/InspectorScreen.tsx';
import { NoRoleScreen } from './app/gates/NoRoleScreen.tsx';
import { NoSectionScreen } from './app/gates/NoSectionScreen.tsx';
import { GateLayout } from './app/gates/GateLayout.tsx';
import { SignedInApp } from './SignedInApp.tsx';
import { RefusedScreen } from './app/gates/RefusedScreen.tsx';

// The inspection app is a chunk of its own: the website's start does not load it, nor the app the website's screens.
const InspectionApp = lazy(() => import('./inspect/InspectionApp.tsx'));

function Loading() {
  return (
    <Center h="100vh">
      <Stack align="center" gap="xs">
        <Loader aria-hidden />
        <Text>Loading...</Text>
      </Stack>
    </Center>
  );
}

/**
 * Decides, once at start, what the person sees: sign-in, a role screen, the website or (`inspection`)
 * the inspection app, which every role may use, the inspector too (who may not use the website).
 */
function Root({ inspection }: { inspection: boolean }) {
  const boot = useBoot();
  if (inspection && (boot.kind === 'inspector' || boot.kind === 'app')) {
    return (
      <Suspense fallback={<Loading />}>
        <InspectionApp config={boot.config} user={boot.user} store={boot.store} />
      </Suspense>
    );
  }
  switch (boot.kind) {
    case 'loading':
      return <Loading />;
    case 'error':
      return (
        <GateLayout>
          <Title order={1} size="h3">
            The app could not start
          </Title>
          <Text>{boot.message}</Text>
          <Button onClick={() => window.location.reload()}>Try again</Button>
        </GateLayout>
      );
    case 'refused':
      return <RefusedScreen productName={boot.config.productName} message={boot.message} store={boot.store} />;
    case 'no-role':
    case 'inspector':
    case 'no-section': {
      const props = {
        productName: boot.config.productName,
        name: boot.user.name,
        orgName: boot.orgName,
        onLogOut: () => void boot.store.get().signOut(),
      };
      const roleLabel = boot.user.role ? ROLE_LABELS[boot.user.role] : '';
      if (boot.kind === 'no-role') return <NoRoleScreen {...props} />;
      if (boot.kind === 'inspector') return <InspectorScreen {...props} roleLabel={roleLabel} />;
      return <NoSectionScreen {...props} roleLabel={roleLabel} />;
    }
    case 'app':
      return <SignedInApp config={boot.config} user={boot.user} store={boot.store} />;
  }
}

export function App({ inspection = false }: { inspection?: boolean }) {
  return (
    <MantineProvider theme={theme}>
      <Notifications position="bottom-right" />
      <Root inspection={inspection} />
    </MantineProvider>
  );
}
