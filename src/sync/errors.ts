/**
 * A call the server answered with an error status (part 1 §8 error body). `retryAfterMs` is the
 * answer's `Retry-After` (parseRetryAfter), undefined when it had none or none this app can read.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly status: number,
    readonly body: unknown,
    message: string = messageOfBody(body) ?? `The server answered with status ${status}`,
    readonly retryAfterMs?: number,
  ) {
    super(message);
  }
}

/** The longest wait a `Retry-After` may ask of this app: a longer one (or a far date) waits this long. */
export const RETRY_AFTER_MAX_MS = 10 * 60_000;

const DELAY_SECONDS = /^\d+$/;
// RFC 9110 §5.6.7 HTTP-date: IMF-fixdate, and the obsolete RFC 850 and asctime forms a recipient accepts.
const IMF_OR_RFC850_DATE = /^[a-z]{3,9}, \d{2}[ -][a-z]{3}[ -](?:\d{4}|\d{2}) \d{2}:\d{2}:\d{2} GMT$/i;
const ASCTIME_DATE = /^[a-z]{3} [a-z]{3} [ \d]\d \d{2}:\d{2}:\d{2} \d{4}$/i;

/**
 * How long a `Retry-After` header asks to wait, in ms: delta-seconds or an HTTP date (a past date is
 * 0), at most RETRY_AFTER_MAX_MS. Undefined without the header or for anything else in it.
 */
export function parseRetryAfter(value: string | null | undefined, now: number = Date.now()): number | undefined {
  const text = value?.trim();
  if (!text) return undefined;
  let ms: number;
  if (DELAY_SECONDS.test(text)) ms = Number(text) * 1000;
  else if (IMF_OR_RFC850_DATE.test(text)) ms = Date.parse(text) - now;
  // asctime has no zone and means GMT; Date.parse would read it as local time.
  else if (ASCTIME_DATE.test(text)) ms = Date.parse(`${text} GMT`) - now;
  else return undefined;
  if (Number.isNaN(ms)) return undefined;
  return Math.min(RETRY_AFTER_MAX_MS, Math.max(0, ms));
}

/** No access token can be had now: sync pauses with "Sign in to sync"; local work goes on. */
export class SignInRequiredError extends Error {
  override readonly name = 'SignInRequiredError';
  constructor(message = 'Sign in to sync') {
    super(message);
  }
}

/** The server could not be reached (no network, DNS, timeout): the call may be retried later. */
export class OfflineError extends Error {
  override readonly name = 'OfflineError';
  constructor(message = 'The server cannot be reached') {
    super(message);
  }
}

/** A mutator's arguments failed their schema: nothing was written. */
export class InvalidMutationError extends Error {
  override readonly name = 'InvalidMutationError';
}

/** The message a person should see for an error body: errorMessage, else the first errors[] message. */
export function messageOfBody(body: unknown): string | undefined {
  if (!body || typeof body !== 'object') return undefined;
  const { errorMessage, errors } = body as { errorMessage?: unknown; errors?: unknown };
  if (typeof errorMessage === 'string' && errorMessage) return errorMessage;
  if (Array.isArray(errors)) {
    const first: unknown = errors[0];
    if (first && typeof first === 'object' && typeof (first as { message?: unknown }).message === 'string') {
      return (first as { message: string }).message;
    }
  }
  return undefined;
}

/** True for failures that say "not now" rather than "never": the work is kept and retried. */
export function isTransient(error: unknown): boolean {
  if (error instanceof OfflineError) return true;
  if (error instanceof ApiError) return error.status >= 500 || error.status === 408 || error.status === 429;
  return false;
}

/** True when the failure means the tokens no longer work and the user must sign in again. */
export function needsSignIn(error: unknown): boolean {
  return error instanceof SignInRequiredError || (error instanceof ApiError && error.status === 401);
}

/**
 * The messages of an error body beyond the one `messageOfBody` shows: for a weak password its
 * suggestions, for a refused form its further field messages (part 1 §8).
 */
export function detailsOfBody(body: unknown): string[] {
  if (!body || typeof body !== 'object') return [];
  const { errors } = body as { errors?: unknown };
  if (!Array.isArray(errors)) return [];
  const headline = messageOfBody(body);
  return errors
    .map((e: unknown) => (e && typeof e === 'object' && typeof (e as { message?: unknown }).message === 'string' ? (e as { message: string }).message : null))
    .filter((m): m is string => m !== null && m !== headline);
}

/** A change names a file the upload queue no longer holds (refused by `mutate`, ended by the queue). */
export const FILE_GONE_MESSAGE = 'The file to upload is no longer on this device. Choose it again.';
/** The user cancelled a file's upload: the changes that named it are undone. */
export const UPLOAD_CANCELLED_MESSAGE = 'The upload was cancelled';

/** The wait before trying again: the backoff's, or longer when the server said when to come back (a 429 or 503's `Retry-After`). */
export function retryDelay(backoffMs: number, error: unknown): number {
  return Math.max(backoffMs, error instanceof ApiError ? (error.retryAfterMs ?? 0) : 0);
}
