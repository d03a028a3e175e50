import { useSyncExternalStore } from 'react';
import { BrowserRouter } from 'react-router';
import type { AppConfig } from './auth/app-config.ts';
import { SessionContext, type SessionUser } from './auth/session-context.ts';
import type { SessionStore } from './auth/session-store.ts';
import { SyncProvider } from './sync/react.tsx';
import { AppRoutes } from './app/AppRoutes.tsx';
import { UpdatePrompt } from './pwa/UpdatePrompt.tsx';
import { useRunningSync, useSessionWatch } from './app/use-running-sync.ts';

export function SignedInApp({ config, user, store }: { config: AppConfig; user: SessionUser; store: SessionStore }) {
  const session = useSyncExternalStore(store.subscribe, store.get);
  const running = useRunningSync(user, store);
  useSessionWatch(user, store, '/');
  if (!running) return null;
  return (
    <SessionContext.Provider value={session}>
      <SyncProvider db={running.db} engine={running.engine} session={session}>
        <BrowserRouter>
          <AppRoutes productName={config.productName} />
        </BrowserRouter>
        <UpdatePrompt />
      </SyncProvider>
    </SessionContext.Provider>
  );
}
