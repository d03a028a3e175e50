import type { ReactNode } from 'react';
import { Navigate, Route, Routes, useParams } from 'react-router';
import { Text } from '@mantine/core';
import { canOpenRoute } from '../../core/rules/route-access.ts';
import { useSession } from '../auth/session-context.ts';
import { NotYetAvailable } from './NotYetAvailable.tsx';
import { APP_ROUTES, type AppRoute } from './route-table.ts';
import { Shell } from './Shell.tsx';

export interface AppRoutesProps {
  productName?: string;
  /** Screens by APP_ROUTES path; a route without one shows NotYetAvailable. */
  screens?: Partial<Record<string, ReactNode>>;
}

/** Opens the route's screen for users the route admits (part 1 §6); everyone else goes to the Overview. */
function RouteGuard({ route, children }: { route: AppRoute; children: ReactNode }) {
  const { user } = useSession();
  if (canOpenRoute(user, route.auth)) return children;
  // Sending a user who may not open "/" to "/" would loop; the session gates normally stop such users first.
  if (route.path === '/') return <Text size="lg">You do not have access to this screen.</Text>;
  return <Navigate to="/" replace />;
}

/** /Vehicle/{reg}/inspection without an inspection id shows the vehicle (part 1 §2). */
function InspectionWithoutId() {
  const { regNumber = '' } = useParams();
  return <Navigate to={`/Vehicle/${encodeURIComponent(regNumber)}`} replace />;
}

/**
 * Every route of APP_ROUTES inside the Shell. Matching stays case-insensitive (react-router's default),
 * since links elsewhere spell /Vehicle/{reg}/Inspection/{id} with a capital I (part 1 §2).
 */
export function AppRoutes({ productName, screens = {} }: AppRoutesProps) {
  return (
    <Routes>
      <Route element={<Shell productName={productName} />}>
        {APP_ROUTES.map((route) => (
          <Route
            key={route.path}
            path={route.path}
            element={
              <RouteGuard route={route}>
                {screens[route.path] ?? <NotYetAvailable label={route.label ?? route.title ?? route.path} />}
              </RouteGuard>
            }
          />
        ))}
        <Route path="/Vehicle" element={<Navigate to="/FleetDetails" replace />} />
        <Route path="/Vehicle/:regNumber/inspection" element={<InspectionWithoutId />} />
        <Route path="*" element={<Navigate to="/" replace />} />
      </Route>
    </Routes>
  );
}
