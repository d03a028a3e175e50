import { z } from 'zod';

/** What the server tells the app before sign-in (GET /app-config.json). */
const appConfigSchema = z.object({
  productName: z.string(),
  oidc: z.object({ authority: z.string(), clientId: z.string() }),
  roleGroupPrefix: z.string(),
});
export type AppConfig = z.infer<typeof appConfigSchema>;

const STORAGE_KEY = 'fleet-app-config';

/**
 * The app's configuration: from the server when it answers, else the copy kept from the last time,
 * so an installed app still starts with no network.
 */
export async function loadAppConfig(): Promise<AppConfig> {
  try {
    const res = await fetch('/app-config.json', { cache: 'no-store' });
    if (res.ok) {
      const config = appConfigSchema.parse(await res.json());
      localStorage.setItem(STORAGE_KEY, JSON.stringify(config));
      return config;
    }
  } catch {
    // offline: fall back to the stored copy
  }
  const stored = localStorage.getItem(STORAGE_KEY);
  const parsed = stored ? appConfigSchema.safeParse(JSON.parse(stored)) : undefined;
  if (parsed?.success) return parsed.data;
  throw new Error('The app cannot reach its server and has not been opened online on this device yet. Connect and try again.');
}
