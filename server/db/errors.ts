/**
 * Storage errors: what the database layer refuses, in its own terms. The HTTP layer maps them to
 * answers (server/http/errors.ts); the database layer knows nothing of HTTP.
 */

export const DUPLICATE_MUTATION = 'duplicate-mutation';

/** A pushed mutation that was already recorded (answered 409 with `code: 'duplicate-mutation'`). */
export class DuplicateMutationError extends Error {
  readonly code = DUPLICATE_MUTATION;
  constructor() {
    super('This change was already applied');
  }
}
