import './zod-jitless.ts';
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './data/install-mutators.ts';
import { App } from './App.tsx';
import { startServiceWorker } from './pwa/update-store.ts';
import { routeAt } from './app/routes.tsx';

startServiceWorker();
// The screen at this address loads beside the app's start, not after the shell has rendered.
routeAt(window.location.pathname)
  ?.load()
  .catch(() => undefined);
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
