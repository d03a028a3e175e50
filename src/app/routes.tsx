import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { IconBuildingCommunity, IconChartBar, IconLayoutDashboard, IconListCheck, IconReportAnalytics, IconTruck, type Icon } from '@tabler/icons-react';
import { matchPath, type Params } from 'react-router';
import type { RouteAuthorization } from '../../core/rules/route-access.ts';
import { INSIGHTS_ROLES } from '../../core/schema/insights.ts';
import { REPORTS_ROLES } from '../../core/schema/monthly-report.ts';
import { ROLES } from '../../core/schema/roles.ts';

/** Every role that may use the website (part 1 §1: inspectors may not). */
export const WEBSITE_ROLES = ROLES.filter((r) => r !== 'inspector');

interface RouteRecordBase {
  /** Matched case-insensitively (AppRoutes.tsx). */
  path: string;
  /** Who may open the route (part 1 §6), checked by `canOpenRoute` for the router and the sidebar. */
  access: RouteAuthorization;
  /**
   * The screen, loaded with `lazy` so each screen is its own chunk and the main chunk stays small
   * (docs/performance.md, "Main chunk").
   */
  screen: LazyExoticComponent<ComponentType>;
  /** Asks for the screen's chunk ahead of its render (`preloadScreenAt`); the screen then uses the same load. */
  load: () => Promise<unknown>;
}

/** A route with a sidebar link: a collapsed sidebar shows only the icon, so the link needs both. */
export interface SidebarRoute extends RouteRecordBase {
  label: string;
  icon: Icon;
  title?: never;
}

/** A route the sidebar does not list (it is reached by a link). */
export interface PageRoute extends RouteRecordBase {
  title: string;
  label?: never;
  icon?: never;
}

export type AppRoute = SidebarRoute | PageRoute;

export function isSidebarRoute(route: AppRoute): route is SidebarRoute {
  return route.label !== undefined;
}

/**
 * A screen in its own chunk: `screen` for the router, and `load`, which fetches the chunk once, whoever
 * asks first. A failed load is asked again by the next caller (a chunk missed offline loads once online).
 */
function lazyScreen<M>(load: () => Promise<M>, pick: (m: M) => ComponentType): { screen: LazyExoticComponent<ComponentType>; load: () => Promise<unknown> } {
  let loading: Promise<{ default: ComponentType }> | undefined;
  const once = () =>
    (loading ??= load().then(
      (m) => ({ default: pick(m) }),
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    ));
  return { screen: lazy(once), load: once };
}

// Vite splits at each `import()`: one chunk per screen (the service worker precaches them all).
const FleetDetailsScreen = lazyScreen(
  () => import('../features/fleet/FleetDetailsScreen.tsx'),
  (m) => m.FleetDetailsScreen,
);
const VehicleScreen = lazyScreen(
  () => import('../features/vehicle/VehicleScreen.tsx'),
  (m) => m.VehicleScreen,
);
const InspectionDetailScreen = lazyScreen(
  () => import('../features/inspection/InspectionDetailScreen.tsx'),
  (m) => m.InspectionDetailScreen,
);
const OverviewScreen = lazyScreen(
  () => import('../features/overview/OverviewScreen.tsx'),
  (m) => m.OverviewScreen,
);
const OrganizationAdminScreen = lazyScreen(
  () => import('../features/organization/OrganizationAdminScreen.tsx'),
  (m) => m.OrganizationAdminScreen,
);
const WorkflowListScreen = lazyScreen(
  () => import('../features/workflows/WorkflowListScreen.tsx'),
  (m) => m.WorkflowListScreen,
);
const WorkflowEditorScreen = lazyScreen(
  () => import('../features/workflows/WorkflowEditorScreen.tsx'),
  (m) => m.WorkflowEditorScreen,
);
const InsightsScreen = lazyScreen(
  () => import('../features/insights/InsightsScreen.tsx'),
  (m) => m.InsightsScreen,
);
const ReportsScreen = lazyScreen(
  () => import('../features/reports/ReportsScreen.tsx'),
  (m) => m.ReportsScreen,
);
const AllUsersScreen = lazyScreen(
  () => import('../features/users/AllUsersScreen.tsx'),
  (m) => m.AllUsersScreen,
);

/**
 * The product's routes, one record each: path, sidebar label and icon, who may open it and its screen
 * (part 1 §2 and §6, part 2 §6). The router (AppRoutes.tsx) and the sidebar (Sidebar.tsx) read only
 * this list, in this order. Where the spec leaves a route's roles open, every website role may open it.
 * Every route carries an access config: the spec's check refuses vco on a route without one.
 */
export const APP_ROUTES: readonly AppRoute[] = [
  { path: '/', label: 'Overview', icon: IconLayoutDashboard, access: { authorized: WEBSITE_ROLES }, ...OverviewScreen },
  { path: '/FleetDetails', label: 'Fleet Details', icon: IconTruck, access: { authorized: WEBSITE_ROLES }, ...FleetDetailsScreen },
  { path: '/InspectionWorkflow', label: 'Inspection Workflows', icon: IconListCheck, access: { authorized: ['vco'] }, ...WorkflowListScreen },
  { path: '/InspectionWorkflow/:workflowId', title: 'Inspection Workflow', access: { authorized: ['vco'] }, ...WorkflowEditorScreen },
  {
    path: '/OrganizationAdministration',
    label: 'Administration',
    icon: IconBuildingCommunity,
    access: { authorized: ['vco', 'sectionLead'] },
    ...OrganizationAdminScreen,
  },
  { path: '/Insights', label: 'Insights', icon: IconChartBar, access: { authorized: INSIGHTS_ROLES }, ...InsightsScreen },
  { path: '/Reports', label: 'Reports', icon: IconReportAnalytics, access: { authorized: REPORTS_ROLES }, ...ReportsScreen },
  { path: '/Vehicle/:regNumber', title: 'Vehicle Details', access: { authorized: WEBSITE_ROLES }, ...VehicleScreen },
  {
    path: '/Vehicle/:regNumber/inspection/:inspectionId',
    title: 'Inspection Detail',
    access: { authorized: WEBSITE_ROLES },
    ...InspectionDetailScreen,
  },
  { path: '/Admin', title: 'All Users', access: { authorized: WEBSITE_ROLES }, ...AllUsersScreen },
];

/**
 * The route of a path as the router matches it (case-insensitively), or undefined for a path that has none.
 * The app asks for its screen's chunk as it starts (src/main.tsx), beside the main chunk's own start,
 * instead of after the shell has rendered: on a reload that was a wait of about 150 ms in front of the
 * first row (docs/performance.md "Starting from the mirror"). The chunks are the same for everyone, and the
 * service worker precaches them all, so one fetched for a route the user may not open costs nothing.
 */
export function routeAt(pathname: string): AppRoute | undefined {
  return APP_ROUTES.find((route) => matchPath({ path: route.path, caseSensitive: false, end: true }, pathname) !== null);
}

/** A path that only sends the user on (replacing the history entry); no access check of its own. */
export interface RedirectRoute {
  path: string;
  to: (params: Readonly<Params>) => string;
}

/** Paths that lead elsewhere (part 1 §2). Any other unknown path leads to the Overview (AppRoutes.tsx). */
export const REDIRECT_ROUTES: readonly RedirectRoute[] = [
  { path: '/Vehicle', to: () => '/FleetDetails' },
  // An inspection without its id shows the vehicle.
  { path: '/Vehicle/:regNumber/inspection', to: ({ regNumber = '' }) => `/Vehicle/${encodeURIComponent(regNumber)}` },
];
