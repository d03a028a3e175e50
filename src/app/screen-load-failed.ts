/** What the main area says when a screen's lazily loaded code cannot be fetched (ScreenLoadError.tsx). */
export const SCREEN_LOAD_FAILED = 'This screen could not be loaded: the app was probably updated in another tab. Reload to open the current version.';
