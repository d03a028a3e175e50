import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { route } from '../../http/route.ts';
import { WEBSITE } from '../../auth/access.ts';
import { forbidden } from '../../http/errors.ts';
import type { Principal } from '../../auth/principal.ts';
import { entityId } from '../../../core/schema/common.ts';
import { settingsPatchSchema } from '../../../core/schema/settings.ts';
import { addSettings, readSettings } from './service.ts';

const params = z.object({ userId: entityId });

function ownSettingsOnly(p: Principal, userId: string): void {
  if (p.userId !== userId) throw forbidden('You can only read and change your own settings');
}

export function registerSettingsRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, { method: 'GET', url: '/auth/users/:userId/settings', access: WEBSITE, params }, async ({ principal, params }) => {
    ownSettingsOnly(principal, params.userId);
    return readSettings(ctx.db, principal.userId);
  });

  route(
    app,
    { method: 'PATCH', url: '/auth/users/:userId/settings', access: WEBSITE, params, body: settingsPatchSchema },
    async ({ principal, params, body, mutation }) => {
      ownSettingsOnly(principal, params.userId);
      return addSettings(ctx, principal, body, mutation);
    },
  );
}
