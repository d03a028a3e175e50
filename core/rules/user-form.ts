import { parseRole } from '../schema/roles.ts';
import { createUserBodySchema, NAME_MAX, roleRequiresSection, SECTION_REQUIRED_MESSAGE } from '../schema/user.ts';

/**
 * The add-user and modify-user form rules (part 1 §5), one message per field (null when valid). The
 * wording follows the server's own messages (core/schema/user.ts), so a person reads the same sentence
 * whether the check ran on the device or on the server.
 */

export interface AddUserForm {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  confirmPassword: string;
  role: string | null;
  sectionId: string | null;
  isAdmin: boolean;
}

export interface ModifyUserForm {
  firstName: string;
  lastName: string;
  role: string | null;
  sectionId: string | null;
  active: boolean;
  isAdmin: boolean;
}

export type AddUserErrors = Record<'firstName' | 'lastName' | 'email' | 'password' | 'confirmPassword' | 'role' | 'sectionId', string | null>;
export type ModifyUserErrors = Record<'firstName' | 'lastName' | 'role' | 'sectionId', string | null>;

export const PASSWORDS_DO_NOT_MATCH = 'Passwords do not match';

/** Password limit of the create-user route. */
const PASSWORD_MAX = 128;

/** A first or last name, measured trimmed as it is sent. */
export function nameError(label: string, value: string): string | null {
  const trimmed = value.trim();
  if (trimmed.length === 0) return `${label} is required`;
  if (trimmed.length > NAME_MAX) return `${label} must be ${NAME_MAX} characters or fewer`;
  return null;
}

/** The address is trimmed before it is checked, as it is trimmed before it is sent. */
export function emailError(value: string): string | null {
  const trimmed = value.trim();
  if (trimmed.length === 0) return 'Email is required';
  return createUserBodySchema.shape.email.safeParse(trimmed).success ? null : 'Enter a valid email address';
}

export function passwordError(value: string): string | null {
  if (value.length === 0) return 'Password is required';
  if (value.length > PASSWORD_MAX) return `Passwords are at most ${PASSWORD_MAX} characters`;
  return null;
}

export function confirmPasswordError(password: string, confirmPassword: string): string | null {
  if (confirmPassword.length === 0) return 'Confirm the password by typing it again';
  return confirmPassword === password ? null : PASSWORDS_DO_NOT_MATCH;
}

export function roleError(role: string | null): string | null {
  if (role === null || role === '') return 'Role is required';
  return parseRole(role) === null ? 'Choose a role from the list' : null;
}

/** Every role but inspector belongs to a section (core/schema/user.ts roleRequiresSection). */
export function sectionError(role: string | null, sectionId: string | null): string | null {
  return roleRequiresSection(parseRole(role)) && sectionId === null ? SECTION_REQUIRED_MESSAGE : null;
}

export function addUserErrors(form: AddUserForm): AddUserErrors {
  return {
    firstName: nameError('First name', form.firstName),
    lastName: nameError('Last name', form.lastName),
    email: emailError(form.email),
    password: passwordError(form.password),
    confirmPassword: confirmPasswordError(form.password, form.confirmPassword),
    role: roleError(form.role),
    sectionId: sectionError(form.role, form.sectionId),
  };
}

export function modifyUserErrors(form: ModifyUserForm): ModifyUserErrors {
  return {
    firstName: nameError('First name', form.firstName),
    lastName: nameError('Last name', form.lastName),
    role: roleError(form.role),
    sectionId: sectionError(form.role, form.sectionId),
  };
}

export function hasErrors(errors: Record<string, string | null>): boolean {
  return Object.values(errors).some((message) => message !== null);
}

/** True when the draft differs from the saved user in anything the modify dialog sends (names trimmed). */
export function modifyUserChanged(saved: ModifyUserForm, draft: ModifyUserForm): boolean {
  return (
    draft.firstName.trim() !== saved.firstName ||
    draft.lastName.trim() !== saved.lastName ||
    draft.role !== saved.role ||
    draft.sectionId !== saved.sectionId ||
    draft.active !== saved.active ||
    draft.isAdmin !== saved.isAdmin
  );
}
