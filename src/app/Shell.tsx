import { Suspense } from 'react';
import { Outlet, useLocation } from 'react-router';
import { AppShell } from '@mantine/core';
import { FirstSyncProgress } from './FirstSyncProgress.tsx';
import { UploadRefused } from './UploadRefused.tsx';
import { FleetUpdatesPanel } from './FleetUpdatesPanel.tsx';
import {
  FLEET_UPDATES_COLLAPSED_WIDTH,
  FLEET_UPDATES_EXPANDED_WIDTH,
  FLEET_UPDATES_STORAGE_KEY,
  NARROW_WINDOW_QUERY,
  SIDEBAR_COLLAPSED_WIDTH,
  SIDEBAR_EXPANDED_WIDTH,
  SIDEBAR_STORAGE_KEY,
  WIDE_WINDOW_QUERY,
} from './layout-constants.ts';
import { DEFAULT_PRODUCT_NAME } from './product.ts';
import { ScreenLoadError } from './ScreenLoadError.tsx';
import { ScreenLoading } from './ScreenLoading.tsx';
import { Sidebar } from './Sidebar.tsx';
import { SIDEBAR_ID } from './SidebarToggle.tsx';
import { SkipLink } from './SkipLink.tsx';
import { useRememberedToggle } from './use-remembered-toggle.ts';
import { useAdoptBrowserTimeZone, useOrgTimeZone } from '../shared/org-time-zone.ts';
import { setDisplayZone } from '../shared/fleet-format.ts';

export interface ShellProps {
  productName?: string;
}

const MAIN_ID = 'main-content';

/**
 * The signed-in layout: sidebar (left), the routed screen, Fleet Updates (right). Both side panels
 * follow the window width until the user toggles them, and then keep the user's choice.
 *
 * Both use `breakpoint: 0`: AppShell's "mobile" mode turns a navbar into a full-screen overlay, which
 * is wrong for a 1024 px tablet; collapsing to an icon rail is how narrow windows are served here.
 */
export function Shell({ productName = DEFAULT_PRODUCT_NAME }: ShellProps) {
  const [sidebarCollapsed, toggleSidebar] = useRememberedToggle(SIDEBAR_STORAGE_KEY, NARROW_WINDOW_QUERY);
  const [updatesExpanded, toggleUpdates] = useRememberedToggle(FLEET_UPDATES_STORAGE_KEY, WIDE_WINDOW_QUERY);
  const location = useLocation();
  useAdoptBrowserTimeZone();
  // Dates show the organization's days (src/shared/fleet-format.ts); a new zone draws the screen again.
  const zone = useOrgTimeZone();
  setDisplayZone(zone);

  return (
    <AppShell
      padding="lg"
      navbar={{ width: sidebarCollapsed ? SIDEBAR_COLLAPSED_WIDTH : SIDEBAR_EXPANDED_WIDTH, breakpoint: 0 }}
      aside={{ width: updatesExpanded ? FLEET_UPDATES_EXPANDED_WIDTH : FLEET_UPDATES_COLLAPSED_WIDTH, breakpoint: 0 }}
    >
      <SkipLink targetId={MAIN_ID} />
      <AppShell.Navbar id={SIDEBAR_ID} aria-label="Main navigation">
        <Sidebar productName={productName} collapsed={sidebarCollapsed} onToggle={toggleSidebar} />
      </AppShell.Navbar>
      {/* tabIndex -1: the skip link can move focus here without adding a tab stop. */}
      <AppShell.Main id={MAIN_ID} tabIndex={-1} style={{ outline: 'none' }}>
        <FirstSyncProgress />
        <UploadRefused />
        {/* Screens load lazily (routes.tsx): only the main area waits for a screen's chunk. */}
        <ScreenLoadError resetKey={location.pathname}>
          <Suspense key={zone} fallback={<ScreenLoading />}>
            <Outlet />
          </Suspense>
        </ScreenLoadError>
      </AppShell.Main>
      <AppShell.Aside aria-label="Fleet Updates" bg="gray.0">
        <FleetUpdatesPanel expanded={updatesExpanded} onToggle={toggleUpdates} />
      </AppShell.Aside>
    </AppShell>
  );
}
