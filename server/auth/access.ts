import { RECORD_WRITERS } from '../../core/rules/read-only.ts';
import { ROLES, type Role } from '../../core/schema/roles.ts';
import { forbidden, HttpError } from '../http/errors.ts';
import { roleRequiresSection } from '../../core/schema/user.ts';
import { INSIGHTS_ROLES } from '../../core/schema/insights.ts';
import { REPORTS_ROLES } from '../../core/schema/monthly-report.ts';
import type { Principal } from './principal.ts';

/** Who may call a route. `website` means a role that may use the website: any role but inspector. */
export type Access =
  | { public: true }
  | {
      website?: boolean;
      roles?: readonly Role[];
      admin?: boolean;
      public?: false;
      /** An inspection client's call: inspectors may make it, though the website is not theirs. */
      inspectionClient?: boolean;
    };

export const ANY_SIGNED_IN: Access = {};
export const WEBSITE: Access = { website: true };
export const ADMINS: Access = { website: true, admin: true };
/** Who may change fleet records (vehicles, notes, maintenance, ...): not the read-only roles. */
export const WRITERS: Access = { website: true, roles: RECORD_WRITERS };
/** Inspection clients: every role performs inspections (part 1 §1), the inspector above all. */
export const INSPECTION_CLIENTS: Access = { roles: ROLES, inspectionClient: true };
/** Who may amend an inspection or upload its pictures: inspectors and the roles that change fleet records. */
export const INSPECTION_WRITERS: Access = { roles: ['inspector', ...RECORD_WRITERS], inspectionClient: true };
/** Who may read insights (core/schema/insights.ts) and the monthly report (core/schema/monthly-report.ts). */
export const INSIGHTS_READERS: Access = { website: true, roles: INSIGHTS_ROLES };
export const REPORT_READERS: Access = { website: true, roles: REPORTS_ROLES };

export function checkAccess(p: Principal, access: Access): void {
  if ('public' in access && access.public) return;
  const a = access as Exclude<Access, { public: true }>;
  if (a.website || a.roles || a.admin) {
    if (p.role === null) throw forbidden('No role provided. You lack the permissions to access any part of this system.');
    if (p.role === 'inspector' && !a.inspectionClient) throw forbidden('As an Inspector, you do not have access to the website.');
  }
  if (a.roles && !a.roles.includes(p.role as Role)) throw forbidden('Your role does not allow this');
  if (a.admin && !p.isAdmin) throw forbidden('Only administrators can do this');
}

/** Whether the route is for website roles (not inspectors): the website's data. */
export function isWebsiteAccess(access: Access): boolean {
  if ('public' in access && access.public) return false;
  const a = access as Exclude<Access, { public: true }>;
  return Boolean(a.website || a.roles || a.admin) && !a.inspectionClient;
}

export const NO_SECTION_MESSAGE = 'Your role requires a section, but none is assigned to you. Ask an administrator to assign one.';

/**
 * A website role without a section sees the no-section screen (part 1 §6, §8: the profile answers
 * 412), and the website's data reads answer the same 412. What such a user may still do (their own
 * profile, the public routes, sending changes made before) goes on. A user the users table does not
 * know has no section to check.
 */
export function checkSectionForReads(p: Principal): void {
  if (p.sectionId === null && roleRequiresSection(p.role)) throw new HttpError(412, NO_SECTION_MESSAGE);
}

/** Paths that carry an organization id must name the caller's own. */
export function checkOrg(p: Principal, orgId: string): void {
  if (orgId !== p.orgId) throw forbidden('You can only reach your own organization');
}
