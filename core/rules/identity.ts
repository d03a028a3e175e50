import { ROLES, type Role } from '../schema/roles.ts';

/** The groups claim for a user: the role under the product prefix, plus the admin group. */
export function groupsFor(user: { role: string | null; isAdmin: boolean }, prefix: string): string[] {
  const base = prefix.endsWith('/') ? prefix : `${prefix}/`;
  const groups: string[] = [];
  if (user.role) groups.push(`${base}${user.role}`);
  if (user.isAdmin) groups.push(`${base}admin`);
  return groups;
}

/** Role from the groups under the product prefix (part 1 §6); null when none names a role. */
export function roleFromGroups(groups: readonly string[], prefix: string): Role | null {
  const base = prefix.endsWith('/') ? prefix : `${prefix}/`;
  for (const group of groups) {
    if (!group.startsWith(base)) continue;
    const name = group.slice(base.length);
    const role = ROLES.find((r) => r === name);
    if (role) return role;
  }
  return null;
}

/** Administrator when any group path contains /admin (part 1 §6). */
export function isAdminFromGroups(groups: readonly string[]): boolean {
  return groups.some((g) => g.includes('/admin'));
}
