import type { FastifyInstance } from 'fastify';
import type { SessionState } from '../../../core/schema/session.ts';
import { ANY_SIGNED_IN } from '../../auth/access.ts';
import { route } from '../../http/route.ts';

/**
 * The app's session check (every 5 s while online, src/auth/session-watch.ts). Authenticating the
 * call is the check: a token whose sign-in ended, or whose account was deactivated, is refused there.
 */
export function registerSessionRoutes(app: FastifyInstance): void {
  route(app, { method: 'GET', url: '/auth/session', access: ANY_SIGNED_IN }, async ({ principal }): Promise<SessionState> => ({
    userId: principal.userId,
    orgId: principal.orgId,
    role: principal.role,
    isAdmin: principal.isAdmin,
    ...(principal.sectionId !== undefined ? { sectionId: principal.sectionId } : {}),
  }));
}
