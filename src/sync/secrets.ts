import { nanoid } from 'nanoid';
import { ID_LENGTH } from '../../core/schema/common.ts';
import type { OutboxEntry } from '../db/mirror.ts';

/**
 * Secrets of held outbox entries (a new user's password), kept in this tab's memory and nowhere
 * else: IndexedDB is readable by anything that runs on the device later, memory dies with the tab.
 * The entry waits in the outbox without its secret; the tab that holds the secret sends it.
 */
const kept = new Map<string, Record<string, unknown>>();

/** This tab's identity, as `holder` of the entries whose secrets it keeps. */
export const TAB_ID = nanoid(ID_LENGTH);

/** Web Lock each tab holds for its life, suffixed with TAB_ID: a held entry whose holder's lock is free is orphaned. */
export const TAB_LOCK_PREFIX = 'fleet-tab-';

type Request = OutboxEntry['request'];

const isRecord = (value: unknown): value is Record<string, unknown> => !!value && typeof value === 'object' && !Array.isArray(value);

function split(value: unknown, fields: readonly string[]): { rest: unknown; taken: Record<string, unknown> } {
  if (!isRecord(value)) return { rest: value, taken: {} };
  const rest: Record<string, unknown> = {};
  const taken: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value)) (fields.includes(key) ? taken : rest)[key] = inner;
  return { rest, taken };
}

/**
 * Takes the mutator's secret fields out of the arguments and the request body. `secret` is null when
 * the change carries none (then nothing needs holding).
 */
export function takeSecrets(
  mutator: { readonly secrets?: readonly string[] },
  args: unknown,
  request: Request,
): { stored: { args: unknown; request: Request }; secret: Record<string, unknown> | null } {
  const fields = mutator.secrets ?? [];
  if (fields.length === 0) return { stored: { args, request }, secret: null };
  const fromArgs = split(args, fields);
  const fromBody = split(request.body, fields);
  const secret = { ...fromArgs.taken, ...fromBody.taken };
  const stored = { args: fromArgs.rest, request: request.body === undefined ? request : { ...request, body: fromBody.rest } };
  return { stored, secret: Object.keys(secret).length > 0 ? secret : null };
}

/** Keeps an entry's secret in memory; answers the holder id to store on the entry. */
export function keepSecret(entryId: string, secret: Record<string, unknown>): string {
  kept.set(entryId, secret);
  return TAB_ID;
}

export function secretOf(entryId: string): Record<string, unknown> | undefined {
  return kept.get(entryId);
}

export function forgetSecret(entryId: string): void {
  kept.delete(entryId);
}

/** The request as the server must get it: the stored body with the secret fields put back. */
export function withSecret(request: Request, secret: Record<string, unknown>): Request {
  return { ...request, body: { ...(isRecord(request.body) ? request.body : {}), ...secret } };
}

/** The message of a held entry whose secret is gone (its tab closed before the server had it). */
export const ORPHANED_SECRET_MESSAGE =
  'Not sent: the page that made this change closed before the server had it, and passwords are never stored on this device. Add the user again.';
