/** When the last reload for a stale chunk was, in this tab (sessionStorage survives the reload). */
const RELOADED_AT_KEY = 'fleet-stale-chunk-reload';
/** A second failure this soon after such a reload is the screen's error, not another reload: no loop. */
const AGAIN_AFTER_MS = 10_000;

/**
 * An app update taken in another tab removes the old build's chunks from the service worker's cache
 * (the server has only the new build's), and only that tab reloads: this tab's older code then fails to
 * load a screen it had not opened yet. Vite reports such a failed import as `vite:preloadError`; the tab
 * reloads once onto the new build, whose chunks are precached, offline too. Waiting changes are in the
 * mirror and survive the reload.
 */
export function reloadOnStaleChunk(target: Window = window, reload: () => void = () => window.location.reload()): () => void {
  const onError = (event: Event) => {
    const last = Number(target.sessionStorage.getItem(RELOADED_AT_KEY) ?? 0);
    if (Date.now() - last < AGAIN_AFTER_MS) return;
    target.sessionStorage.setItem(RELOADED_AT_KEY, String(Date.now()));
    event.preventDefault();
    reload();
  };
  target.addEventListener('vite:preloadError', onError);
  return () => target.removeEventListener('vite:preloadError', onError);
}
