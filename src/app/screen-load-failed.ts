/** What the main area says when a screen's lazily loaded code cannot be fetched (ScreenLoadError.tsx). */
export const SCREEN_LOAD_FAILED = 'This screen could not be loaded: the app was probably updated in another tab. Reload to open the current version.';

/**
 * The same failure offline: the screen's code is not on this device yet (the service worker fetches
 * every screen in the background after the first online start, and had not finished), so it is not an update.
 */
export const SCREEN_NOT_ON_DEVICE =
  'This screen is not on this device yet, and the device is offline. The app downloads every screen once it has been opened online for a few minutes: open this one again when back online.';
