import { Workbox } from 'workbox-window';

export interface UpdateState {
  /** A new version is installed and waiting to take over. */
  waiting: boolean;
  /** Lets the waiting version take over; the page reloads once it controls. */
  activate(): void;
}

type Listener = (state: UpdateState) => void;

/**
 * Registers the service worker (production builds only) and reports a waiting update. The page
 * reloads only after the user chose to update, and only once the new worker controls it.
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
  void wb.register();
}
