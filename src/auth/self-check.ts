import { userRecordSchema, type UserRecord } from '../../core/schema/user.ts';
import { errorBodySchema } from '../../core/schema/common.ts';
import { keep, readKept } from './kept.ts';

export type SelfCheck =
  | { kind: 'ok'; record: UserRecord }
  /** 412: a role that needs a section has none (the no-section screen). */
  | { kind: 'no-section'; record: UserRecord | null }
  /** The server refuses the user (e.g. an inactive account): its message, and no reload loop. */
  | { kind: 'refused'; message: string }
  /** No answer: start from the last record this device saw, if any. */
  | { kind: 'offline'; record: UserRecord | null };

const storageKey = (userId: string) => `fleet-self-${userId}`;

/** The user's record as the server last answered it on this device. */
export function storedRecord(userId: string): UserRecord | null {
  return readKept(storageKey(userId), userRecordSchema);
}

/** Forgets the kept record, so the next start asks the server before it shows anything (the session changed). */
export function forgetRecord(userId: string): void {
  localStorage.removeItem(storageKey(userId));
}

/** GET /auth/users/self at start: the table, not the token, is the authority on role and section. */
export async function checkSelf(userId: string, token: string | null): Promise<SelfCheck> {
  if (!token) return { kind: 'offline', record: storedRecord(userId) };
  let res: Response;
  try {
    res = await fetch('/auth/users/self', { headers: { authorization: `Bearer ${token}` } });
  } catch {
    return { kind: 'offline', record: storedRecord(userId) };
  }
  const body: unknown = await res.json().catch(() => undefined);
  if (res.ok) {
    const record = userRecordSchema.parse(body);
    keep(storageKey(userId), record);
    return { kind: 'ok', record };
  }
  if (res.status === 412) {
    const user = (body as { user?: unknown } | undefined)?.user;
    const parsed = userRecordSchema.safeParse(user);
    return { kind: 'no-section', record: parsed.success ? parsed.data : null };
  }
  if (res.status >= 500) return { kind: 'offline', record: storedRecord(userId) };
  const error = errorBodySchema.safeParse(body);
  return { kind: 'refused', message: error.success ? error.data.errorMessage : `The server refused your sign-in (${res.status}).` };
}
