declare const __APP_BUILD__: string | undefined;

/**
 * Which build of the app this is (vite.config.ts defines it at build time; 'dev' in tests and the
 * dev server). Rows a build could not read are fetched again by the next one (src/sync/skipped.ts).
 */
export const APP_BUILD: string = typeof __APP_BUILD__ === 'string' ? __APP_BUILD__ : 'dev';
