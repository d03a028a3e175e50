import { useState, useSyncExternalStore } from 'react';
import { createBrowserRouter, Navigate, RouterProvider } from 'react-router';
import type { AppConfig } from '../auth/app-config.ts';
import { SessionContext, type SessionUser } from '../auth/session-context.ts';
import type { SessionStore } from '../auth/session-store.ts';
import { SyncProvider } from '../sync/react.tsx';
import { UpdatePrompt } from '../pwa/UpdatePrompt.tsx';
import { useRunningSync, useSessionWatch } from '../app/use-running-sync.ts';
import { INSPECT_PATH } from './entry.ts';
import { InspectShell } from './InspectShell.tsx';
import { VehicleListScreen } from './VehicleListScreen.tsx';
import { StartScreen } from './StartScreen.tsx';
import { RunScreen } from './RunScreen.tsx';
import { TabletInspectionsScreen } from './TabletInspectionsScreen.tsx';

/** A data router: the runner asks before an inspection under way is left (useBlocker needs one). */
function makeRouter() {
  return createBrowserRouter([
    {
      element: <InspectShell />,
      children: [
        { path: INSPECT_PATH, element: <VehicleListScreen /> },
        { path: `${INSPECT_PATH}/vehicles/:vehicleId`, element: <StartScreen /> },
        { path: `${INSPECT_PATH}/run/:inspectionId`, element: <RunScreen /> },
        { path: `${INSPECT_PATH}/sent`, element: <TabletInspectionsScreen /> },
        { path: '*', element: <Navigate to={INSPECT_PATH} replace /> },
      ],
    },
  ]);
}

/**
 * The inspection app (issue 49; docs/inspection-app.md): the same sign-in, mirror, outbox and upload
 * queue as the website, with screens of its own for performing inspections on a tablet.
 */
export default function InspectionApp({ user, store }: { config: AppConfig; user: SessionUser; store: SessionStore }) {
  const session = useSyncExternalStore(store.subscribe, store.get);
  const running = useRunningSync(user, store);
  const [router] = useState(makeRouter);
  useSessionWatch(user, store, INSPECT_PATH);
  if (!running) return null;
  return (
    <SessionContext.Provider value={session}>
      <SyncProvider db={running.db} engine={running.engine} session={session}>
        <RouterProvider router={router} />
        <UpdatePrompt />
      </SyncProvider>
    </SessionContext.Provider>
  );
}
