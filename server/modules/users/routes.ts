import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { route } from '../../http/route.ts';
import { ADMINS, ANY_SIGNED_IN, NO_SECTION_MESSAGE, WEBSITE, checkOrg } from '../../auth/access.ts';
import { HttpError, notFound } from '../../http/errors.ts';
import { entityId } from '../../../core/schema/common.ts';
import { addOrgUserBodySchema, createUserBodySchema, roleRequiresSection, updateUserBodySchema } from '../../../core/schema/user.ts';
import { users } from '../../db/schema/index.ts';
import type { ServerModule } from '../module.ts';
import { userToRow } from './presenter.ts';
import { findUser, listUsers } from './queries.ts';
import { addUserToOrganization, createUser, updateUser } from './service.ts';

const userParams = z.object({ userId: entityId });
const orgParams = z.object({ orgId: entityId });
const orgUserParams = z.object({ orgId: entityId, userId: entityId });

function registerUserRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, { method: 'GET', url: '/auth/users/self', access: ANY_SIGNED_IN }, async ({ principal }) => {
    const user = await findUser(ctx.db, principal.orgId, principal.userId);
    if (!user) throw notFound('Your user record was not found in your organization');
    if (roleRequiresSection(user.role) && user.sectionId === null) {
      throw new HttpError(412, NO_SECTION_MESSAGE, { user });
    }
    return user;
  });

  route(app, { method: 'GET', url: '/auth/users', access: WEBSITE }, async ({ principal }) => listUsers(ctx.db, principal.orgId));

  route(app, { method: 'POST', url: '/auth/users', access: ADMINS, body: createUserBodySchema }, async ({ principal, body, write, reply }) => {
    const created = await createUser(write, principal, body);
    reply.status(201);
    return created;
  });

  route(
    app,
    { method: 'PATCH', url: '/auth/users/:userId', access: ADMINS, params: userParams, body: updateUserBodySchema },
    async ({ principal, params, body, write }) => updateUser(ctx, write, principal, params.userId, body),
  );

  route(app, { method: 'GET', url: '/data/v1/organizations/:orgId/users', access: WEBSITE, params: orgParams }, async ({ principal, params }) => {
    checkOrg(principal, params.orgId);
    return listUsers(ctx.db, principal.orgId);
  });

  route(
    app,
    { method: 'POST', url: '/data/v1/organizations/:orgId/users', access: ADMINS, params: orgParams, body: addOrgUserBodySchema },
    async ({ principal, params, body, write }) => {
      checkOrg(principal, params.orgId);
      return addUserToOrganization(write, principal, body.userId);
    },
  );

  route(
    app,
    { method: 'PATCH', url: '/data/v1/organizations/:orgId/users/:userId', access: ADMINS, params: orgUserParams, body: updateUserBodySchema },
    async ({ principal, params, body, write }) => {
      checkOrg(principal, params.orgId);
      return updateUser(ctx, write, principal, params.userId, body);
    },
  );
}

/** Users of the organization (part 2 §7 "Users") and their feed. */
export const usersModule: ServerModule = { feeds: [{ name: 'users', table: users, toApi: userToRow }], register: registerUserRoutes };
