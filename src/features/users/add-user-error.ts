import { messageOfBody } from '../../sync/errors.ts';

/** What the add-user dialog shows when the server refuses (part 1 §8 "Add user fails"). */
export interface AddUserFailure {
  message: string;
  /** A weak password's suggestions, shown after its warning. */
  suggestions: string[];
}

export const WEAK_PASSWORD_DEFAULT = 'Weak Password';

/** Where the refusal is known from: the server's error body, or what the rejected list keeps of it. */
export interface AddUserRefusal {
  body?: unknown;
  /** The rejected entry's message (the body's errorMessage) and further messages (a weak password's suggestions). */
  message?: string;
  details?: readonly string[];
}

const strings = (value: unknown): string[] => (Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string' && v !== '') : []);

/**
 * The text for a failed add-user call: errorMessage, else the first entry of errors[]; a weak password
 * as its warning (default 'Weak Password') followed by its suggestions; no response body, nothing.
 * A rejection from the outbox carries the body's errorMessage and its further messages; for a weak
 * password the server lists the warning and then each suggestion, so they read the same.
 */
export function addUserFailure({ body, message, details }: AddUserRefusal): AddUserFailure | null {
  if (body && typeof body === 'object') {
    const { warning, suggestions, code } = body as { warning?: unknown; suggestions?: unknown; code?: unknown };
    if (code === 'weak-password' || warning !== undefined || suggestions !== undefined) {
      return { message: typeof warning === 'string' && warning ? warning : WEAK_PASSWORD_DEFAULT, suggestions: strings(suggestions) };
    }
    const text = messageOfBody(body);
    return text ? { message: text, suggestions: [] } : null;
  }
  if (body === undefined && message) return { message, suggestions: strings(details) };
  return null;
}
