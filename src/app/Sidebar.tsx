import { Link, matchPath, useLocation } from 'react-router';
import { ActionIcon, AppShell, Divider, Group, NavLink, ScrollArea, Stack, Text, Tooltip } from '@mantine/core';
import { canOpenRoute } from '../../core/rules/route-access.ts';
import { useSession } from '../auth/session-context.ts';
import { useLiveQuery, useMirror } from '../sync/react.tsx';
import { DEFAULT_PRODUCT_NAME } from './product.ts';
import { LogoMark } from './LogoMark.tsx';
import { APP_ROUTES, isSidebarRoute } from './routes.tsx';
import { SidebarToggle } from './SidebarToggle.tsx';
import { SyncIndicator } from './SyncIndicator.tsx';
import { UserMenu } from './UserMenu.tsx';

export interface SidebarProps {
  productName?: string;
  /** Icons only, with tooltips. */
  collapsed: boolean;
  onToggle: () => void;
}

/** A link is active on its own path and below it (an open workflow keeps "Inspection Workflows" lit). */
function isActive(path: string, pathname: string): boolean {
  return matchPath({ path, caseSensitive: false, end: path === '/' }, pathname) !== null;
}

function useOrganizationName(): string | undefined {
  const { user } = useSession();
  const db = useMirror();
  return useLiveQuery(() => db.feed('organizations').get(user.orgId), [db, user.orgId])?.name;
}

/**
 * Logo, product name, organization, the links this user may open, sync state and the user menu
 * (part 1 §2 "Shell"). Lives inside AppShell.Navbar.
 */
export function Sidebar({ productName = DEFAULT_PRODUCT_NAME, collapsed, onToggle }: SidebarProps) {
  const { user } = useSession();
  const { pathname } = useLocation();
  const orgName = useOrganizationName();
  const links = APP_ROUTES.filter(isSidebarRoute).filter((route) => canOpenRoute(user, route.access));

  return (
    <>
      <AppShell.Section px={collapsed ? 'xs' : 'md'} py="md">
        {collapsed ? (
          <Stack align="center">
            <Tooltip label={orgName ? `${productName} · ${orgName}` : productName} position="right">
              <span role="img" aria-label={orgName ? `${productName}, ${orgName}` : productName}>
                <LogoMark size={40} />
              </span>
            </Tooltip>
          </Stack>
        ) : (
          <Group gap="sm" wrap="nowrap" align="flex-start">
            <LogoMark size={40} />
            <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
              {/* Two lines rather than an ellipsis: organization names are long and people check them. */}
              <Text fw={700} size="lg" lh={1.25} lineClamp={2}>
                {productName}
              </Text>
              <Text size="sm" c="dimmed" lh={1.3} lineClamp={2}>
                {orgName ?? '\u00a0'}
              </Text>
            </Stack>
          </Group>
        )}
      </AppShell.Section>
      <Divider />
      <AppShell.Section grow component={ScrollArea} px={collapsed ? 'xs' : 'sm'} py="sm">
        <Stack gap={4} align={collapsed ? 'center' : 'stretch'}>
          {links.map((route) => {
            const Icon = route.icon;
            const active = isActive(route.path, pathname);
            return collapsed ? (
              <Tooltip key={route.path} label={route.label} position="right">
                <ActionIcon
                  component={Link}
                  to={route.path}
                  size={48}
                  variant={active ? 'filled' : 'subtle'}
                  color={active ? undefined : 'gray.8'}
                  aria-label={route.label}
                  aria-current={active ? 'page' : undefined}
                >
                  <Icon size={24} aria-hidden />
                </ActionIcon>
              </Tooltip>
            ) : (
              <NavLink
                key={route.path}
                component={Link}
                to={route.path}
                label={route.label}
                leftSection={<Icon size={22} aria-hidden />}
                active={active}
                variant="filled"
                aria-current={active ? 'page' : undefined}
                styles={{ label: { fontSize: 'var(--mantine-font-size-md)' } }}
              />
            );
          })}
        </Stack>
      </AppShell.Section>
      <AppShell.Section px={collapsed ? 'xs' : 'sm'} pb="xs">
        <SidebarToggle collapsed={collapsed} onToggle={onToggle} />
      </AppShell.Section>
      <Divider />
      <AppShell.Section px={collapsed ? 'xs' : 'md'} py="md">
        <Stack gap="sm" align={collapsed ? 'center' : 'stretch'}>
          <SyncIndicator compact={collapsed} />
          <Divider />
          <UserMenu compact={collapsed} />
        </Stack>
      </AppShell.Section>
    </>
  );
}
