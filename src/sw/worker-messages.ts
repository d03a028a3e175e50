/** What the page may ask of its service worker (sw.ts answers them; src/pwa/register.ts asks). */

/** Let a waiting new version take over now: the user chose to update. */
export const SKIP_WAITING_MESSAGE = 'SKIP_WAITING';

/** Take control of the pages in scope that the active worker does not control yet (after a hard reload). */
export const CLAIM_MESSAGE = 'CLAIM';
