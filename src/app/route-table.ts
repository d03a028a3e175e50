import type { RouteAuthorization } from '../../core/rules/route-access.ts';
import { ROLES } from '../../core/schema/roles.ts';

/** Every role that may use the website (part 1 §1: inspectors may not). */
export const WEBSITE_ROLES = ROLES.filter((r) => r !== 'inspector');

export interface AppRoute {
  path: string;
  /** Sidebar label; routes without one are hidden from the sidebar. */
  label?: string;
  /** Page heading of a route without a sidebar label. */
  title?: string;
  auth: RouteAuthorization;
}

/**
 * The product's routes and who may open them (part 1 §2 and §6, part 2 §6). Where the spec leaves a
 * route's roles open, every website role may open it. Every route carries a config: the spec's check
 * refuses vco on a route without one.
 */
export const APP_ROUTES: readonly AppRoute[] = [
  { path: '/', label: 'Overview', auth: { authorized: WEBSITE_ROLES } },
  { path: '/FleetDetails', label: 'Fleet Details', auth: { authorized: WEBSITE_ROLES } },
  { path: '/InspectionWorkflow', label: 'Inspection Workflows', auth: { authorized: ['vco'] } },
  { path: '/InspectionWorkflow/:workflowId', title: 'Inspection Workflow', auth: { authorized: ['vco'] } },
  { path: '/OrganizationAdministration', label: 'Administration', auth: { authorized: ['vco', 'sectionLead'] } },
  { path: '/Insights', label: 'Insights', auth: { authorized: WEBSITE_ROLES } },
  { path: '/Reports', label: 'Reports', auth: { authorized: ['vco', 'sectionLead'] } },
  { path: '/Vehicle/:regNumber', title: 'Vehicle Details', auth: { authorized: WEBSITE_ROLES } },
  { path: '/Vehicle/:regNumber/inspection/:inspectionId', title: 'Inspection Detail', auth: { authorized: WEBSITE_ROLES } },
  { path: '/Admin', title: 'All Users', auth: { authorized: WEBSITE_ROLES } },
];
