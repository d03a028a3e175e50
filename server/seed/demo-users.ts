import type { Role } from '../../core/schema/roles.ts';

/** Every demo user signs in with this password (printed by `npm start`). */
export const DEMO_PASSWORD = 'Readiness-Demo-2026';

export interface DemoUserSpec {
  /** Local part of the email address: `{local}@{orgSlug}.example.com`. */
  local: string;
  firstName: string;
  lastName: string;
  role: Role | null;
  isAdmin: boolean;
  /** Whether the user is placed in the organization's first section. */
  hasSection: boolean;
  description: string;
}

/** One user per role, an administrator, and the two users the special screens need. */
export const DEMO_USERS: readonly DemoUserSpec[] = [
  { local: 'admin', firstName: 'Avery', lastName: 'Morgan', role: 'vco', isAdmin: true, hasSection: true, description: 'VCO, administrator' },
  { local: 'vco', firstName: 'Jordan', lastName: 'Hayes', role: 'vco', isAdmin: false, hasSection: true, description: 'VCO' },
  { local: 'sectionlead', firstName: 'Casey', lastName: 'Nguyen', role: 'sectionLead', isAdmin: false, hasSection: true, description: 'Section Lead' },
  { local: 'jrsuper', firstName: 'Riley', lastName: 'Brooks', role: 'jrSuper', isAdmin: false, hasSection: true, description: 'Junior Supervisor' },
  { local: 'dispatcher', firstName: 'Morgan', lastName: 'Diaz', role: 'dispatcher', isAdmin: false, hasSection: true, description: 'Dispatcher' },
  {
    local: 'inspector',
    firstName: 'Sam',
    lastName: 'Patel',
    role: 'inspector',
    isAdmin: false,
    hasSection: true,
    description: 'Inspector (the inspection app at /inspect only)',
  },
  { local: 'nosection', firstName: 'Drew', lastName: 'Kim', role: 'dispatcher', isAdmin: false, hasSection: false, description: 'Dispatcher without a section' },
  { local: 'norole', firstName: 'Quinn', lastName: 'Ellis', role: null, isAdmin: false, hasSection: true, description: 'No role' },
];

export const demoEmail = (local: string, orgSlug: string) => `${local}@${orgSlug}.example.com`;
