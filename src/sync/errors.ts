/** A call the server answered with an error status (part 1 §8 error body). */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly status: number,
    readonly body: unknown,
    message: string = messageOfBody(body) ?? `The server answered with status ${status}`,
  ) {
    super(message);
  }
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
