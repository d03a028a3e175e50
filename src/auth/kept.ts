import type { z } from 'zod';

/**
 * What this device kept in localStorage for its next start (the app config, the user's record), read
 * back with its schema: null when nothing is kept or what is kept is not that any more.
 */
export function readKept<S extends z.ZodType>(key: string, schema: S): z.infer<S> | null {
  const raw = localStorage.getItem(key);
  if (!raw) return null;
  try {
    const parsed = schema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function keep(key: string, value: unknown): void {
  localStorage.setItem(key, JSON.stringify(value));
}
