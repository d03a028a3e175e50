import type { Role } from '../schema/roles.ts';

/** Who may open a route (part 1 §6, "Route access check"). */
export interface RouteAuthorization {
  requireAdmin?: boolean;
  /** When set, the role must be one of these. */
  authorized?: readonly Role[];
  /** When set, the role must not be one of these. */
  restricted?: readonly Role[];
}

export interface RouteUser {
  role: Role | null;
  isAdmin: boolean;
}

/**
 * The route access check, as the spec states it: no user info denies; a route without an
 * authorization config allows every role except vco; inspector is always denied on configured
 * routes; requireAdmin demands admin; an authorized list must include the role; a restricted list
 * must not include it. Every route of the product therefore carries a config.
 */
export function canOpenRoute(user: RouteUser | null | undefined, config: RouteAuthorization | undefined): boolean {
  if (!user || user.role === null) return false;
  if (!config) return user.role !== 'vco';
  if (user.role === 'inspector') return false;
  if (config.requireAdmin && !user.isAdmin) return false;
  if (config.authorized && !config.authorized.includes(user.role)) return false;
  if (config.restricted?.includes(user.role)) return false;
  return true;
}
