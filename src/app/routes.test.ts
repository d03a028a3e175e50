import { describe, expect, it } from 'vitest';
import { canOpenRoute } from '../../core/rules/route-access.ts';
import { APP_ROUTES, REDIRECT_ROUTES, isSidebarRoute, routeAt } from './routes.tsx';

const LAZY = Symbol.for('react.lazy');

describe('APP_ROUTES', () => {
  it('holds one record per path, redirects included', () => {
    const paths = [...APP_ROUTES, ...REDIRECT_ROUTES].map((route) => route.path.toLowerCase());
    expect(new Set(paths).size).toBe(paths.length);
  });

  it('lists the sidebar links in order, each with an icon', () => {
    const links = APP_ROUTES.filter(isSidebarRoute);
    expect(links.map((route) => route.label)).toEqual(['Overview', 'Fleet Details', 'Inspection Workflows', 'Administration', 'Insights', 'Reports']);
    for (const route of links) expect(route.icon).toBeTruthy();
  });

  it('gives every screen lazily, so each is its own chunk and none is in the main chunk', () => {
    expect(APP_ROUTES.map((route) => route.path)).toEqual([
      '/',
      '/FleetDetails',
      '/InspectionWorkflow',
      '/InspectionWorkflow/:workflowId',
      '/OrganizationAdministration',
      '/Insights',
      '/Reports',
      '/Vehicle/:regNumber',
      '/Vehicle/:regNumber/inspection/:inspectionId',
      '/Admin',
    ]);
    for (const route of APP_ROUTES) expect((route.screen as unknown as { $$typeof: symbol }).$$typeof).toBe(LAZY);
  });

  it('keeps inspectors out of every route and vco out of none it is meant for', () => {
    for (const route of APP_ROUTES) {
      expect(canOpenRoute({ role: 'inspector', isAdmin: true }, route.access)).toBe(false);
      expect(canOpenRoute({ role: 'vco', isAdmin: false }, route.access)).toBe(true);
    }
    const dispatcher = { role: 'dispatcher' as const, isAdmin: false };
    expect(APP_ROUTES.filter((route) => canOpenRoute(dispatcher, route.access)).map((route) => route.path)).toEqual([
      '/',
      '/FleetDetails',
      '/Vehicle/:regNumber',
      '/Vehicle/:regNumber/inspection/:inspectionId',
      '/Admin',
    ]);
  });

  it('finds the route of an address as the router does, case-insensitively, to load its screen as the app starts', () => {
    expect(routeAt('/fleetdetails')?.path).toBe('/FleetDetails');
    expect(routeAt('/Vehicle/AB%2012/Inspection/i-1')?.path).toBe('/Vehicle/:regNumber/inspection/:inspectionId');
    expect(routeAt('/Vehicle/AB%2012')?.path).toBe('/Vehicle/:regNumber');
    expect(routeAt('/')?.path).toBe('/');
    expect(routeAt('/Vehicle')).toBeUndefined();
    expect(routeAt('/nowhere')).toBeUndefined();
  });

  it('loads a screen once, whether the start or the router asks first', async () => {
    const route = routeAt('/Admin')!;
    const first = route.load();
    expect(route.load()).toBe(first);
    await first;
  });

  it('sends an inspection without its id to the vehicle', () => {
    const redirect = REDIRECT_ROUTES.find((route) => route.path === '/Vehicle/:regNumber/inspection')!;
    expect(redirect.to({ regNumber: 'AB 12' })).toBe('/Vehicle/AB%2012');
    expect(REDIRECT_ROUTES.find((route) => route.path === '/Vehicle')!.to({})).toBe('/FleetDetails');
  });
});
