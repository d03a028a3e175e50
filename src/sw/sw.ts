/// <reference lib="webworker" />
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst } from 'workbox-strategies';
import { ExpirationPlugin } from 'workbox-expiration';
import { clientsClaim } from 'workbox-core';
import { INSPECT_PAGE } from '../../core/rules/pwa-host.ts';
import { CLAIM_MESSAGE, SKIP_WAITING_MESSAGE } from './worker-messages.ts';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<{ url: string; revision: string | null }> };

// The app shell and the pdf.js worker, versioned by the build.
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

/** Paths the server answers itself: sign-in, API, live stream, files and the blank AF1800 never get the app page. */
export const NAVIGATION_DENYLIST = [/^\/oidc\//, /^\/data\//, /^\/auth\//, /^\/stream\//, /^\/files\//, /^\/Af1800\.pdf$/];

// The inspection app is a page of its own (its manifest): its addresses get its page, offline too.
registerRoute(new NavigationRoute(createHandlerBoundToURL('/inspect.html'), { allowlist: [INSPECT_PAGE] }));
registerRoute(new NavigationRoute(createHandlerBoundToURL('/index.html'), { denylist: NAVIGATION_DENYLIST }));

// Pictures and documents are fetched with a bearer token; their URLs name immutable stored files,
// so the URL alone is the cache key and an offline device still shows what it has seen.
registerRoute(
  ({ url, request }) => url.origin === self.location.origin && url.pathname.startsWith('/files/') && request.method === 'GET',
  new CacheFirst({
    cacheName: 'fleet-files',
    matchOptions: { ignoreVary: true },
    plugins: [new ExpirationPlugin({ maxEntries: 2000, maxAgeSeconds: 60 * 60 * 24 * 90, purgeOnQuotaError: true })],
  }),
);

// The page decides when a new version takes over (never while the outbox drains or a form is dirty),
// and asks for control of a page loaded past the worker (a hard reload).
self.addEventListener('message', (event) => {
  const type = (event.data as { type?: string } | null)?.type;
  if (type === SKIP_WAITING_MESSAGE) void self.skipWaiting();
  else if (type === CLAIM_MESSAGE) event.waitUntil(self.clients.claim());
});
clientsClaim();
