import { Anchor, AppShell, Badge, Box, Button, Group, Menu, Popover, Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconCloud, IconCloudOff, IconList, IconLogout } from '@tabler/icons-react';
import { useEffect } from 'react';
import { Link, Outlet } from 'react-router';
import { useSession } from '../auth/session-context.ts';
import { setDisplayZone } from '../shared/fleet-format.ts';
import { useOrgTimeZone } from '../shared/org-time-zone.ts';
import { LogoMark } from '../app/LogoMark.tsx';
import { SyncIndicator } from '../app/SyncIndicator.tsx';
import { useLiveQuery, useMirror, useSyncFact, useWaitingCount } from '../sync/react.tsx';
import { pruneSubmitted } from './drafts.ts';
import { INSPECT_PATH } from './entry.ts';

/** The header: what the tablet's state is at a glance (online, changes waiting), its inspections, and the user. */
function SyncButton() {
  const online = useSyncFact((s) => s.online);
  const waiting = useWaitingCount();
  const label = `${online ? 'Online' : 'Offline'}${waiting > 0 ? ` · ${waiting} waiting` : ''}`;
  return (
    <Popover position="bottom-end" width={320} shadow="md" withinPortal>
      <Popover.Target>
        <Button
          variant="default"
          size="md"
          leftSection={
            online ? (
              <IconCloud size={20} color="var(--mantine-color-teal-8)" aria-hidden />
            ) : (
              <IconCloudOff size={20} color="var(--mantine-color-gray-7)" aria-hidden />
            )
          }
          aria-label={`Sync status: ${label}`}
        >
          {label}
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <SyncIndicator />
      </Popover.Dropdown>
    </Popover>
  );
}

function MyInspectionsLink() {
  const db = useMirror();
  const count = useLiveQuery(() => db.inspectionDrafts.filter((d) => d.state === 'submitted').count(), [db], 0);
  return (
    <Button component={Link} to={`${INSPECT_PATH}/sent`} variant="default" size="md" leftSection={<IconList size={20} aria-hidden />}>
      My inspections
      {count > 0 && (
        <Badge ml={8} size="sm" variant="light" aria-label={`${count} inspections`}>
          {count}
        </Badge>
      )}
    </Button>
  );
}

function UserMenu() {
  const { user, signOut } = useSession();
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <UnstyledButton aria-label={`Signed in as ${user.name}`} mih={48} px="xs">
          <Group gap={4} wrap="nowrap">
            <Text fw={600} size="sm" visibleFrom="sm">
              {user.name}
            </Text>
            <IconChevronDown size={18} aria-hidden />
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{user.email}</Menu.Label>
        <Menu.Item leftSection={<IconLogout size={18} aria-hidden />} onClick={() => void signOut()} mih={48}>
          Log Out
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

/** The inspection app's frame: a slim header and one column of large touch targets beneath it. */
export function InspectShell() {
  const db = useMirror();
  // The tablet keeps what it sent for a week (its list, 'inspected this shift'), then lets it go.
  useEffect(() => void pruneSubmitted(db), [db]);
  // Dates show the organization's days and times, as on the website (src/shared/fleet-format.ts).
  setDisplayZone(useOrgTimeZone());
  return (
    <AppShell header={{ height: 64 }} padding="md">
      <AppShell.Header px="md">
        <Group h="100%" justify="space-between" wrap="nowrap" gap="sm">
          <Anchor component={Link} to={INSPECT_PATH} underline="never" c="inherit" aria-label="Inspections: vehicles">
            <Group gap="xs" wrap="nowrap">
              <LogoMark size={36} />
              <Text fw={700} size="lg" visibleFrom="xs">
                Inspections
              </Text>
            </Group>
          </Anchor>
          <Group gap="xs" wrap="nowrap">
            <SyncButton />
            <MyInspectionsLink />
            <UserMenu />
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Main>
        <Box maw={880} mx="auto">
          <Outlet />
        </Box>
      </AppShell.Main>
    </AppShell>
  );
}
