import {
  IconBuildingCommunity,
  IconChartBar,
  IconCompass,
  IconLayoutDashboard,
  IconListCheck,
  IconReportAnalytics,
  IconTruck,
  type Icon,
} from '@tabler/icons-react';

/** Sidebar icons by route path; a collapsed sidebar shows only these, so every labelled route has one. */
const ROUTE_ICONS: Record<string, Icon> = {
  '/': IconLayoutDashboard,
  '/FleetDetails': IconTruck,
  '/InspectionWorkflow': IconListCheck,
  '/OrganizationAdministration': IconBuildingCommunity,
  '/Insights': IconChartBar,
  '/Reports': IconReportAnalytics,
};

export function routeIcon(path: string): Icon {
  return ROUTE_ICONS[path] ?? IconCompass;
}
