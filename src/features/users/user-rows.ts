import { parseRole, ROLE_LABELS } from '../../../core/schema/roles.ts';
import type { Section } from '../../../core/schema/organization.ts';
import type { UserRow } from '../../../core/schema/user.ts';

/** A row of the All Users grid: the user record with its section's name and its role's label. */
export interface UserGridRow extends UserRow {
  sectionName: string | null;
  roleLabel: string;
}

export function roleLabel(role: string | null): string {
  const known = parseRole(role);
  return known ? ROLE_LABELS[known] : '';
}

const byName = (a: string, b: string) => a.localeCompare(b, undefined, { sensitivity: 'base', numeric: true });

/** Joins the mirror's users with its sections; sorted by family name, then given name. */
export function userGridRows(users: readonly UserRow[], sections: readonly Section[]): UserGridRow[] {
  const names = new Map(sections.map((s) => [s.sectionId, s.sectionName]));
  return users
    .map((user) => ({
      ...user,
      sectionName: user.sectionId === null ? null : (names.get(user.sectionId) ?? null),
      roleLabel: roleLabel(user.role),
    }))
    .sort((a, b) => byName(a.familyName, b.familyName) || byName(a.givenName, b.givenName));
}
