import type { Access } from '../../auth/access.ts';

/**
 * Who may change vehicles and vehicle types. The spec hides every edit control from read-only users but
 * does not say which roles are read-only, so for now every website role may write.
 */
export const VEHICLE_WRITERS: Access = { website: true, roles: ['dispatcher', 'jrSuper', 'sectionLead', 'vco'] };
