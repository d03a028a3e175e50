import './zod-jitless.ts';
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './data/install-mutators.ts';
import { App } from './App.tsx';
import { startServiceWorker } from './pwa/update-store.ts';
import { routeAt } from './app/routes.tsx';
import { opensInspectionApp, pwaHostRedirect } from './inspect/entry.ts';
import { SIGNIN_CALLBACK_PATH } from './auth/oidc-session.ts';

const redirect = pwaHostRedirect(window.location, SIGNIN_CALLBACK_PATH);
if (redirect) window.location.replace(redirect);
else {
  startServiceWorker();
  const inspection = opensInspectionApp(window.location);
  // The screen at this address loads beside the app's start, not after the shell has rendered.
  if (!inspection)
    routeAt(window.location.pathname)
      ?.load()
      .catch(() => undefined);
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App inspection={inspection} />
    </StrictMode>,
  );
}
