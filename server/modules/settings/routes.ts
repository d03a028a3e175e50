import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { route } from '../../http/route.ts';
import { WEBSITE } from '../../auth/access.ts';
import { forbidden } from '../../http/errors.ts';
import type { Principal } from '../../auth/principal.ts';
import { entityId } from '../../../core/schema/common.ts';
import { settingsPatchSchema } from '../../../core/schema/settings.ts';
import { eq } from 'drizzle-orm';
import { userSettings } from '../../db/schema/index.ts';
import type { ServerModule } from '../module.ts';
import { userSettingToApi } from './presenter.ts';
import { addSettings, readSettings } from './service.ts';

const params = z.object({ userId: entityId });

function ownSettingsOnly(p: Principal, userId: string): void {
  if (p.userId !== userId) throw forbidden('You can only read and change your own settings');
}

function registerSettingsRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, { method: 'GET', url: '/auth/users/:userId/settings', access: WEBSITE, params }, async ({ principal, params }) => {
    ownSettingsOnly(principal, params.userId);
    return readSettings(ctx.db, principal.userId);
  });

  route(
    app,
    { method: 'PATCH', url: '/auth/users/:userId/settings', access: WEBSITE, params, body: settingsPatchSchema },
    async ({ principal, params, body, write }) => {
      ownSettingsOnly(principal, params.userId);
      return addSettings(write, principal, body);
    },
  );
}

/** A user's own settings (saved views) and their feed, which carries each user only their own. */
export const settingsModule: ServerModule = {
  feeds: [{ name: 'userSettings', table: userSettings, toApi: userSettingToApi, visibleTo: (p) => eq(userSettings.userId, p.userId) }],
  register: registerSettingsRoutes,
};
