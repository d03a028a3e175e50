import type { ReactNode } from 'react';
import { Navigate, Route, Routes, useParams } from 'react-router';
import { Text } from '@mantine/core';
import { canOpenRoute } from '../../core/rules/route-access.ts';
import { useSession } from '../auth/session-context.ts';
import { APP_ROUTES, REDIRECT_ROUTES, type AppRoute, type RedirectRoute } from './routes.tsx';
import { Shell } from './Shell.tsx';

export interface AppRoutesProps {
  productName?: string;
}

/** Opens the route's screen for users the route admits (part 1 §6); everyone else goes to the Overview. */
function RouteGuard({ route, children }: { route: AppRoute; children: ReactNode }) {
  const { user } = useSession();
  if (canOpenRoute(user, route.access)) return children;
  // Sending a user who may not open "/" to "/" would loop; the session gates normally stop such users first.
  if (route.path === '/') return <Text size="lg">You do not have access to this screen.</Text>;
  return <Navigate to="/" replace />;
}

function Redirect({ route }: { route: RedirectRoute }) {
  return <Navigate to={route.to(useParams())} replace />;
}

/**
 * Every route of APP_ROUTES inside the Shell, which shows a loading state while a screen's chunk loads.
 * The guard runs first, so a user never sees a screen they may not open (the chunk of the address the app
 * starts at is fetched before the user is known: routeAt in routes.tsx). Matching stays
 * case-insensitive (react-router's default), since links elsewhere spell /Vehicle/{reg}/Inspection/{id}
 * with a capital I (part 1 §2).
 */
export function AppRoutes({ productName }: AppRoutesProps) {
  return (
    <Routes>
      <Route element={<Shell productName={productName} />}>
        {APP_ROUTES.map((route) => {
          const Screen = route.screen;
          return (
            <Route
              key={route.path}
              path={route.path}
              element={
                <RouteGuard route={route}>
                  <Screen />
                </RouteGuard>
              }
            />
          );
        })}
        {REDIRECT_ROUTES.map((route) => (
          <Route key={route.path} path={route.path} element={<Redirect route={route} />} />
        ))}
        <Route path="*" element={<Navigate to="/" replace />} />
      </Route>
    </Routes>
  );
}
