import { NAME_MAX } from '../../../core/schema/user.ts';

export interface ProfileNames {
  firstName: string;
  lastName: string;
}

/**
 * The message for a profile name, or null when it is acceptable (part 1 §5: each 50 characters or
 * fewer). The wording matches the server's own messages (core/schema/user.ts), so a person sees the
 * same sentence whether the check ran here or on the server. Names are measured trimmed, as sent.
 */
export function profileNameError(label: string, value: string): string | null {
  const trimmed = value.trim();
  if (trimmed.length === 0) return `${label} is required`;
  if (trimmed.length > NAME_MAX) return `${label} must be ${NAME_MAX} characters or fewer`;
  return null;
}

/** Submit is offered only for a valid change of at least one name. */
export function canSubmitProfile(saved: ProfileNames, draft: ProfileNames): boolean {
  const valid = !profileNameError('Given name', draft.firstName) && !profileNameError('Family name', draft.lastName);
  const changed = draft.firstName.trim() !== saved.firstName || draft.lastName.trim() !== saved.lastName;
  return valid && changed;
}
