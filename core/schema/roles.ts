import { z } from 'zod';

export const ROLES = ['inspector', 'dispatcher', 'jrSuper', 'sectionLead', 'vco'] as const;
export const roleSchema = z.enum(ROLES, { error: () => `Role must be one of: ${ROLES.join(', ')}` });
export type Role = z.infer<typeof roleSchema>;

export const ROLE_LABELS: Record<Role, string> = {
  inspector: 'Inspector',
  dispatcher: 'Dispatcher',
  jrSuper: 'Junior Supervisor',
  sectionLead: 'Section Lead',
  vco: 'VCO',
};

/** A stored role, or null when it names no role the product knows. */
export function parseRole(value: unknown): Role | null {
  const role = roleSchema.safeParse(value);
  return role.success ? role.data : null;
}
