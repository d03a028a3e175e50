import type { Role } from '../../../core/schema/roles.ts';

/**
 * Read-only users see no create, edit, delete or upload control (part 1 §6). Which roles are
 * read-only is not shown by the spec; for now only a user without a role is. Every screen asks here,
 * so the rule changes in one place.
 */
export function isReadOnly(user: { role: Role | null }): boolean {
  return user.role === null;
}
