import { isPwaHost } from '../../core/rules/pwa-host.ts';

/** Where the inspection app lives on every host (issue 49); on a pwa host it is also what the root opens. */
export const INSPECT_PATH = '/inspect';

export const isInspectPath = (pathname: string) => pathname === INSPECT_PATH || pathname.startsWith(`${INSPECT_PATH}/`);

/** Whether this page is the inspection app. */
export const opensInspectionApp = (location: { pathname: string }) => isInspectPath(location.pathname);

/** A page of the pwa host outside the app (its root, an old bookmark) goes to the app instead. */
export function pwaHostRedirect(location: { host: string; pathname: string }, signInCallbackPath: string): string | null {
  if (!isPwaHost(location.host) || isInspectPath(location.pathname) || location.pathname === signInCallbackPath) return null;
  return INSPECT_PATH;
}
