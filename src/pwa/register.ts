import { Workbox } from 'workbox-window';
import { CLAIM_MESSAGE } from '../sw/worker-messages.ts';

export interface UpdateState {
  /** A new version is installed and waiting to take over. */
  waiting: boolean;
  /** Lets the waiting version take over; the page reloads once it controls. */
  activate(): void;
}

type Listener = (state: UpdateState) => void;

/** Seconds before each new try at installing the worker after a failed one; the last repeats. */
export const INSTALL_RETRY_SECONDS = [10, 30, 60, 300];

/**
 * Registers the service worker (production builds only) and reports a waiting update. The page
 * reloads only after the user chose to update, and only once the new worker controls it.
 *
 * The page must end up under the worker, or a screen whose code it has not loaded yet fails offline:
 * - a worker that is active but does not control this page (a hard reload, Ctrl+Shift+R, loads the
 *   page past it) is asked to claim it;
 * - an install that failed (the worker's script or a file it precaches lost on a poor link) leaves no
 *   worker at all until the next start, so it is tried again after a while and whenever the link
 *   comes back.
 */
export function registerServiceWorker(onUpdate: Listener): void {
  if (!('serviceWorker' in navigator) || import.meta.env.DEV) return;
  const wb = new Workbox('/sw.js', { scope: '/' });
  let reloadOnControl = false;
  wb.addEventListener('controlling', () => {
    if (reloadOnControl) window.location.reload();
  });
  wb.addEventListener('waiting', () => {
    onUpdate({
      waiting: true,
      activate() {
        reloadOnControl = true;
        wb.messageSkipWaiting();
      },
    });
  });
  void wb.register().then(
    () => watchInstall(),
    () => watchInstall(),
  );
  void navigator.serviceWorker.ready.then((registration) => {
    if (!navigator.serviceWorker.controller) registration.active?.postMessage({ type: CLAIM_MESSAGE });
  });
}

/** Tries the install again until a worker is active, on a back-off and at once when the link returns. */
function watchInstall(): void {
  let attempt = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const check = async () => {
    clearTimeout(timer);
    const registration = await navigator.serviceWorker.getRegistration('/');
    if (registration?.active) {
      window.removeEventListener('online', onOnline);
      return;
    }
    // An install under way is left to finish; with none, the last one failed and is tried again.
    if (!registration?.installing && !registration?.waiting) {
      try {
        await navigator.serviceWorker.register('/sw.js', { scope: '/' });
      } catch {
        // The script itself did not arrive; the next try comes on the back-off.
      }
    }
    schedule();
  };
  const schedule = () => {
    const seconds = INSTALL_RETRY_SECONDS[Math.min(attempt, INSTALL_RETRY_SECONDS.length - 1)]!;
    attempt += 1;
    timer = setTimeout(() => void check(), seconds * 1000);
  };
  const onOnline = () => void check();
  window.addEventListener('online', onOnline);
  schedule();
}
