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
