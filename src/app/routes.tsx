import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { IconBuildingCommunity, IconChartBar, IconLayoutDashboard, IconListCheck, IconReportAnalytics, IconTruck, type Icon } from '@tabler/icons-react';
import type { Params } from 'react-router';
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

// Vite splits at each `import()`: one chunk per screen (the service worker precaches them all).
const FleetDetailsScreen = lazy(() => import('../features/fleet/FleetDetailsScreen.tsx').then((m) => ({ default: m.FleetDetailsScreen })));
const VehicleScreen = lazy(() => import('../features/vehicle/VehicleScreen.tsx').then((m) => ({ default: m.VehicleScreen })));
const InspectionDetailScreen = lazy(() => import('../features/inspection/InspectionDetailScreen.tsx').then((m) => ({ default: m.InspectionDetailScreen })));
const OverviewScreen = lazy(() => import('../features/overview/OverviewScreen.tsx').then((m) => ({ default: m.OverviewScreen })));
const OrganizationAdminScreen = lazy(() => import('../features/organization/OrganizationAdminScreen.tsx').then((m) => ({ default: m.OrganizationAdminScreen })));
const WorkflowListScreen = lazy(() => import('../features/workflows/WorkflowListScreen.tsx').then((m) => ({ default: m.WorkflowListScreen })));
const WorkflowEditorScreen = lazy(() => import('../features/workflows/WorkflowEditorScreen.tsx').then((m) => ({ default: m.WorkflowEditorScreen })));
const InsightsScreen = lazy(() => import('../features/insights/InsightsScreen.tsx').then((m) => ({ default: m.InsightsScreen })));
const ReportsScreen = lazy(() => import('../features/reports/ReportsScreen.tsx').then((m) => ({ default: m.ReportsScreen })));
const AllUsersScreen = lazy(() => import('../features/users/AllUsersScreen.tsx').then((m) => ({ default: m.AllUsersScreen })));

/**
 * The product's routes, one record each: path, sidebar label and icon, who may open it and its screen
 * (part 1 §2 and §6, part 2 §6). The router (AppRoutes.tsx) and the sidebar (Sidebar.tsx) read only
 * this list, in this order. Where the spec leaves a route's roles open, every website role may open it.
 * Every route carries an access config: the spec's check refuses vco on a route without one.
 */
export const APP_ROUTES: readonly AppRoute[] = [
  { path: '/', label: 'Overview', icon: IconLayoutDashboard, access: { authorized: WEBSITE_ROLES }, screen: OverviewScreen },
  { path: '/FleetDetails', label: 'Fleet Details', icon: IconTruck, access: { authorized: WEBSITE_ROLES }, screen: FleetDetailsScreen },
  { path: '/InspectionWorkflow', label: 'Inspection Workflows', icon: IconListCheck, access: { authorized: ['vco'] }, screen: WorkflowListScreen },
  { path: '/InspectionWorkflow/:workflowId', title: 'Inspection Workflow', access: { authorized: ['vco'] }, screen: WorkflowEditorScreen },
  {
    path: '/OrganizationAdministration',
    label: 'Administration',
    icon: IconBuildingCommunity,
    access: { authorized: ['vco', 'sectionLead'] },
    screen: OrganizationAdminScreen,
  },
  { path: '/Insights', label: 'Insights', icon: IconChartBar, access: { authorized: INSIGHTS_ROLES }, screen: InsightsScreen },
  { path: '/Reports', label: 'Reports', icon: IconReportAnalytics, access: { authorized: REPORTS_ROLES }, screen: ReportsScreen },
  { path: '/Vehicle/:regNumber', title: 'Vehicle Details', access: { authorized: WEBSITE_ROLES }, screen: VehicleScreen },
  {
    path: '/Vehicle/:regNumber/inspection/:inspectionId',
    title: 'Inspection Detail',
    access: { authorized: WEBSITE_ROLES },
    screen: InspectionDetailScreen,
  },
  { path: '/Admin', title: 'All Users', access: { authorized: WEBSITE_ROLES }, screen: AllUsersScreen },
];

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
