import { ROLES, type Role } from '../schema/roles.ts';

/**
 * Read-only users see no create, edit, delete or upload control (part 1 §6); the spec does not say which
 * roles they are. Decision (docs/architecture.md "Read-only users"): dispatchers. A dispatcher hands
 * vehicles out and needs to see their status, inspections and maintenance, but the records are kept by
 * the supervisors and the VCO who answer for them. Inspectors never reach the website, and a user with
 * no role is refused everywhere, so neither needs a rule here. The server refuses the same writes.
 */
export const READ_ONLY_ROLES: readonly Role[] = ['dispatcher'];

/** The website roles that may change fleet records: every role but the inspector and the read-only ones. */
export const RECORD_WRITERS: readonly Role[] = ROLES.filter((role) => role !== 'inspector' && !READ_ONLY_ROLES.includes(role));

export function isReadOnlyRole(role: Role | null): boolean {
  return role === null || READ_ONLY_ROLES.includes(role);
}
