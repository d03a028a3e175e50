import { INSPECT_PATH, isInspectPath, isPwaHost } from '../../core/rules/pwa-host.ts';

export { INSPECT_PATH, isInspectPath };

/** Whether this page is the inspection app. */
export const opensInspectionApp = (location: { pathname: string }) => isInspectPath(location.pathname);

/** A page of the pwa host outside the app (its root, an old bookmark) goes to the app instead. */
export function pwaHostRedirect(location: { host: string; pathname: string }, signInCallbackPath: string): string | null {
  if (!isPwaHost(location.host) || isInspectPath(location.pathname) || location.pathname === signInCallbackPath) return null;
  return INSPECT_PATH;
}
