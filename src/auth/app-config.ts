import { z } from 'zod';
import { keep, readKept } from './kept.ts';

/** What the server tells the app before sign-in (GET /app-config.json). */
const appConfigSchema = z.object({
  productName: z.string(),
  oidc: z.object({ authority: z.string(), clientId: z.string() }),
  roleGroupPrefix: z.string(),
});
export type AppConfig = z.infer<typeof appConfigSchema>;

const STORAGE_KEY = 'fleet-app-config';

/** The server's configuration, kept for the next start; null when it does not answer. */
async function fetchAppConfig(): Promise<AppConfig | null> {
  try {
    const res = await fetch('/app-config.json', { cache: 'no-store' });
    if (!res.ok) return null;
    const config = appConfigSchema.parse(await res.json());
    keep(STORAGE_KEY, config);
    return config;
  } catch {
    return null;
  }
}

/**
 * The app's configuration. A device that has started online before uses the copy it kept and asks the
 * server for a fresh one behind it (taken at the next start), so a start never waits for the network:
 * an installed app opens at once offline or on a link that hangs. A device that has none waits for
 * the server.
 */
export async function loadAppConfig(): Promise<AppConfig> {
  const stored = readKept(STORAGE_KEY, appConfigSchema);
  if (stored) {
    void fetchAppConfig();
    return stored;
  }
  const fetched = await fetchAppConfig();
  if (fetched) return fetched;
  throw new Error('The app cannot reach its server and has not been opened online on this device yet. Connect and try again.');
}
